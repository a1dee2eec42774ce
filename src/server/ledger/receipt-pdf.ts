import { displayDate } from '../../shared/display-date.js';
import { formatNaira } from '../../shared/money.js';
import { type ReceiptCompany, type ReceiptDetails, receiptConfirmation } from '../../shared/schemas/ledger.js';
import { BOLD, newPdf, REGULAR } from '../pdf/pdf-document.js';

/** A receipt as a one-page A5 PDF: the company, the member, what was paid for and when, the amount. */
export function receiptPdf(company: ReceiptCompany, number: string, details: ReceiptDetails): Promise<Buffer> {
  const pdf = newPdf({ title: `Receipt ${number}`, author: company.name, size: 'A5', margin: 40 });
  const { doc } = pdf;

  pdf.tag('P', () => doc.fontSize(16).text(company.name));
  const contacts = [company.email, company.phone].filter((contact) => contact !== null);
  if (contacts.length > 0) pdf.tag('P', () => doc.fontSize(9).fillColor('#555').text(contacts.join(' · ')));
  pdf.tag('H1', () => doc.moveDown(1.5).fillColor('#000').fontSize(14).text(`Receipt ${number}`));
  pdf.tag('P', () => doc.fontSize(10).text(`Date: ${displayDate(details.date)}`));
  doc.moveDown();
  const line = (label: string, value: string) =>
    pdf.tag('P', () => doc.font(BOLD).text(`${label}: `, { continued: true }).font(REGULAR).text(value.normalize('NFC')));
  line('Member', details.memberName);
  if (details.memberNumber) line('Member number', details.memberNumber);
  line('Paid for', details.paidFor);
  if (details.periodFrom && details.periodTo) line('Period', `${displayDate(details.periodFrom)} to ${displayDate(details.periodTo)}`);
  line('Amount', formatNaira(details.amountKobo));
  line('Payment', receiptConfirmation(details));
  pdf.tag('P', () => doc.moveDown(2).fontSize(8).fillColor('#555').text('This receipt was issued by the membership portal and is never changed once issued.'));
  return pdf.end();
}
