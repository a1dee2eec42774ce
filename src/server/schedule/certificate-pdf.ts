import QRCode from 'qrcode';
import { todayInLagos } from '../../shared/dates.js';
import { displayDate } from '../../shared/display-date.js';
import type { IssuedCertificate } from '../../shared/training.js';
import { BOLD, newPdf, REGULAR } from '../pdf/pdf-document.js';

/**
 * A training certificate as a one-page landscape A4 PDF (pdfkit, as the receipts): the company,
 * the member and their number, the training and its period, the certificate's number, and a QR
 * code (qrcode, as the member card) opening the public check page.
 */
export async function certificatePdf(certificate: IssuedCertificate, checkUrl: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(checkUrl, { type: 'png', margin: 1, errorCorrectionLevel: 'M', width: 360 });
  const pdf = newPdf({
    title: `Training certificate ${certificate.number}`,
    author: certificate.companyName,
    size: 'A4',
    layout: 'landscape',
    margin: 56,
  });
  const { doc } = pdf;

  const { width, height } = doc.page;
  pdf.decoration(() => {
    doc
      .lineWidth(3)
      .strokeColor('#7a1f2b')
      .rect(28, 28, width - 56, height - 56)
      .stroke();
    doc
      .lineWidth(1)
      .rect(36, 36, width - 72, height - 72)
      .stroke();
  });
  const textWidth = width - 112;
  pdf.tag('P', () => doc.moveDown(1).font(REGULAR).fontSize(16).fillColor('#000').text(certificate.companyName, { align: 'center', width: textWidth }));
  pdf.tag('H1', () => doc.moveDown(0.8).font(BOLD).fontSize(32).text('Certificate of Training', { align: 'center', width: textWidth }));
  pdf.tag('P', () => doc.moveDown(0.8).font(REGULAR).fontSize(13).text('This certifies that', { align: 'center', width: textWidth }));
  pdf.tag('P', () => doc.moveDown(0.4).font(BOLD).fontSize(26).text(certificate.memberName.normalize('NFC'), { align: 'center', width: textWidth }));
  pdf.tag('P', () => doc.font(REGULAR).fontSize(12).fillColor('#555').text(`Member number ${certificate.memberNumber}`, { align: 'center', width: textWidth }));
  pdf.tag('P', () => {
    doc.moveDown(0.8).fillColor('#000').fontSize(13).text(`attended the company's training "${certificate.title}"`, { align: 'center', width: textWidth });
    doc.text(
      `from ${displayDate(certificate.periodFrom)} to ${displayDate(certificate.periodTo)}, ${certificate.attended} of the ${certificate.held} sessions held.`,
      { align: 'center', width: textWidth },
    );
  });

  const qrSize = 110;
  const bottom = height - 56 - qrSize;
  pdf.tag('Figure', () => doc.image(qr, width - 56 - qrSize - 8, bottom - 8, { width: qrSize, height: qrSize }), {
    alt: `QR code opening ${checkUrl}, where the certificate is confirmed genuine`,
  });
  pdf.tag('P', () =>
    doc
      .fontSize(10)
      .fillColor('#333')
      .text(`Certificate ${certificate.number}`, 64, bottom + 20, { width: width - 260 })
      .text(`Issued ${displayDate(todayInLagos(new Date(certificate.issuedAt)))}`, { width: width - 260 })
      .fillColor('#555')
      .fontSize(8)
      .text(`Scan the code, or open ${checkUrl}, to confirm it is genuine.`, { width: width - 260 }),
  );
  return pdf.end();
}
