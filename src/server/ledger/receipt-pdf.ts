import PDFDocument from 'pdfkit';
import { displayDate } from '../../shared/display-date.js';
import { formatNaira } from '../../shared/money.js';
import { type ReceiptCompany, type ReceiptDetails, receiptConfirmation } from '../../shared/schemas/ledger.js';

/** A receipt as a one-page A5 PDF: the company, the member, what was paid for and when, the amount. */
export function receiptPdf(company: ReceiptCompany, number: string, details: ReceiptDetails): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: `Receipt ${number}`, Author: company.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(16).text(company.name);
  const contacts = [company.email, company.phone].filter((contact) => contact !== null);
  if (contacts.length > 0) doc.fontSize(9).fillColor('#555').text(contacts.join(' · '));
  doc.moveDown(1.5).fillColor('#000').fontSize(14).text(`Receipt ${number}`);
  doc.fontSize(10).text(`Date: ${displayDate(details.date)}`);
  doc.moveDown();
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Member', details.memberName);
  if (details.memberNumber) line('Member number', details.memberNumber);
  line('Paid for', details.paidFor);
  if (details.periodFrom && details.periodTo) line('Period', `${displayDate(details.periodFrom)} to ${displayDate(details.periodTo)}`);
  // The naira sign is not in the standard PDF fonts: the amount is written NGN.
  line('Amount', formatNaira(details.amountKobo).replace('₦', 'NGN '));
  line('Payment', receiptConfirmation(details));
  doc.moveDown(2).fontSize(8).fillColor('#555').text('This receipt was issued by the membership portal and is never changed once issued.');
  doc.end();
  return done;
}
