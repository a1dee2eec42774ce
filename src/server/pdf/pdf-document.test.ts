import { describe, expect, it } from 'vitest';
import { receiptPdf } from '../ledger/receipt-pdf.js';
import { certificatePdf } from '../schedule/certificate-pdf.js';
import { pdfFacts, pdfText } from '../test-support/pdf-text.js';

/** The company's own name has an ampersand, which XML must escape. */
const COMPANY = 'Home of Movies, Modelling & Music';

/** A member's name with Igbo and Yoruba letters: ọ (a dot below), ń, and accents. */
const NAME = 'Chíọmá Ńwánkwọ';

/** Every PDF the portal draws, drawn for a member of that name, with what else it must say. */
const PDFS: Record<string, { title: string; says: string[]; draw: (memberName: string) => Promise<Buffer> }> = {
  receipt: {
    title: 'Receipt HM-R-000123',
    says: ['₦121,000.00'],
    draw: (memberName) =>
      receiptPdf({ name: COMPANY, email: 'accounts@homeofmovies.ng', phone: null }, 'HM-R-000123', {
        memberName,
        memberNumber: 'HM-0042',
        paidFor: 'Membership, 2 months',
        periodFrom: '2027-03-10',
        periodTo: '2027-05-10',
        amountKobo: 12_100_000,
        date: '2027-03-10',
        approvedBy: 'finance',
        confirmation: 'Slip approved by Ngozi Eze (finance)',
      }),
  },
  certificate: {
    title: 'Training certificate HM-T-0001',
    says: ['attended the company\'s training "Ìdánilẹ́kọ̀ọ́ for the camera"'],
    draw: (memberName) =>
      certificatePdf(
        {
          id: '0b4e7c1a-2f6d-4c1e-9a53-2d7f3e8b9c10',
          number: 'HM-T-0001',
          title: 'Ìdánilẹ́kọ̀ọ́ for the camera',
          memberName,
          memberNumber: 'HM-0042',
          companyName: COMPANY,
          periodFrom: '2027-01-05',
          periodTo: '2027-03-30',
          attended: 11,
          held: 12,
          issuedAt: '2027-04-01T10:00:00Z',
        },
        'https://portal.example/certificates/HM-T-0001?code=abc',
      ),
  },
};

describe.each(Object.entries(PDFS))('the %s PDF', (_kind, pdf) => {
  it('prints the name as typed and what else it says (the amount in ₦ on a receipt), in a font it embeds', async () => {
    const drawn = await pdf.draw(NAME);
    const text = await pdfText(drawn);
    expect(text).toContain(NAME);
    for (const words of pdf.says) expect(text).toContain(words);
    const { fonts } = await pdfFacts(drawn);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
  });

  it('prints a name typed as letters and separate accents as the same letters', async () => {
    expect(await pdfText(await pdf.draw(NAME.normalize('NFD')))).toContain(NAME);
  });

  it('says its title, shown in place of the file name, and its language, and is tagged for screen readers', async () => {
    expect(await pdfFacts(await pdf.draw(NAME))).toMatchObject({ title: pdf.title, language: 'en-NG', showsTitle: true, tagged: true });
  });

  it('writes XMP metadata an XML parser reads whole, the company’s ampersand included', async () => {
    const { xmp } = await pdfFacts(await pdf.draw(NAME));
    expect(xmp.wellFormed).toBe(true);
    expect(xmp.title).toBe(pdf.title);
    expect(JSON.stringify(xmp.creator)).toContain(COMPANY);
  });
});
