/**
 * The insurance quote as a PDF: A4, one page, black on white (it is printed and faxed), made
 * with pdfkit from the stored document alone, so the same quote always gives the same text.
 * DejaVu Sans (the `dejavu-fonts-ttf` package, a production dependency) is embedded: pdfkit's
 * built-in fonts are WinAnsi only. The QR code is drawn as vector squares from `qrcode`'s
 * matrix: sharp at any printer's resolution. No browser on the request path.
 * docs/decisions/2026-11-28-insurance-quotes.md.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatARS, type Centavos } from '../../catalogue/money.ts';
import { formatCuit } from '../../client/facts/cuit.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import { CFTEA, TNA } from '../../client/components/price-breakdown.ts';
import { quoteTexts } from '../../client/content/insurance.ts';
import { surchargeLabel, type QuoteDocument } from '../../client/quote/types.ts';

const require = createRequire(import.meta.url);
/** Read once: every PDF embeds the subset of the glyphs it uses. */
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = A4.width - 2 * MARGIN;
const AMOUNT_WIDTH = 110;
const GREY = '#555555';
const RULE = '#999999';

/** `12.345,67` with the no-break space that the PDF's text extraction keeps as a space. */
const money = (amount: Centavos) => formatARS(amount).replace(/\u00a0/g, ' ');

export async function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${quoteTexts.documentTitle} ${quote.number}`,
      Author: quote.shop.name,
      Subject: `${quote.item.title} - ${quote.customer.insurer}`,
      Creator: quote.shop.name,
      Producer: quote.shop.name,
      CreationDate: new Date(quote.issuedAt),
    },
    lang: 'es-AR',
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, quote);
  customer(doc, quote);
  lines(doc, quote);
  conditions(doc, quote);
  verification(doc, quote);
  doc.end();
  return finished;
}

type Doc = PDFKit.PDFDocument;

function header(doc: Doc, q: QuoteDocument) {
  const top = MARGIN;
  const boxWidth = 190;
  const left = WIDTH - boxWidth - 16;
  doc.font('bold').fontSize(18).fillColor('black').text(q.shop.name, MARGIN, top, { width: left });
  doc.font('regular').fontSize(9.5).moveDown(0.2);
  for (const line of [
    q.shop.razonSocial,
    `CUIT ${formatCuit(q.shop.cuit)} · ${q.shop.ivaCondition}`,
    q.shop.address,
    `Tel. ${q.shop.phone} · ${q.shop.email}`,
  ]) {
    doc.text(line, { width: left });
  }
  const leftBottom = doc.y;

  const x = MARGIN + WIDTH - boxWidth;
  doc.lineWidth(1.2).strokeColor('black').rect(x, top, boxWidth, 86).stroke();
  doc
    .font('bold')
    .fontSize(14)
    .text(quoteTexts.documentTitle.toUpperCase(), x, top + 10, {
      width: boxWidth,
      align: 'center',
    });
  doc
    .fontSize(12)
    .text(`N° ${q.number}`, x, doc.y + 2, { width: boxWidth, align: 'center' })
    .font('regular')
    .fontSize(9.5)
    .text(`Fecha: ${formatDateAR(q.issuedDay)}`, x, doc.y + 6, {
      width: boxWidth,
      align: 'center',
    })
    .font('bold')
    .text(`Válido hasta: ${formatDateAR(q.validUntil)}`, x, doc.y + 2, {
      width: boxWidth,
      align: 'center',
    });

  doc.y = Math.max(leftBottom, top + 86) + 14;
  rule(doc, 1.2);
}

function customer(doc: Doc, q: QuoteDocument) {
  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).fillColor('black').text('Para presentar a la aseguradora', MARGIN);
  doc.moveDown(0.3);
  const rows: [string, string][] = [
    ['Cliente', q.customer.name],
    ['Patente', q.customer.plate ?? '—'],
    ['Aseguradora', q.customer.insurer],
    ['Póliza o siniestro', q.customer.claim ?? '—'],
  ];
  const labelWidth = 120;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: labelWidth });
    doc
      .font('bold')
      .fillColor('black')
      .text(value, MARGIN + labelWidth, y, { width: WIDTH - labelWidth });
    doc.moveDown(0.15);
  }
  doc.moveDown(0.6);
}

function lines(doc: Doc, q: QuoteDocument) {
  const descWidth = WIDTH - AMOUNT_WIDTH - 12;
  const amountX = MARGIN + WIDTH - AMOUNT_WIDTH;
  const headY = doc.y;
  doc.font('bold').fontSize(9.5).fillColor('black');
  doc.text('Descripción', MARGIN, headY, { width: descWidth });
  doc.text('Importe', amountX, headY, { width: AMOUNT_WIDTH, align: 'right' });
  doc.moveDown(0.3);
  rule(doc, 1.2);
  doc.moveDown(0.5);

  const row = (writeDescription: () => void, amount: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 11.5 : 10.5)
      .fillColor('black')
      .text(amount, amountX, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = y;
    writeDescription();
    doc.moveDown(0.5);
  };

  row(() => {
    doc.font('bold').fontSize(10.5).fillColor('black').text(q.item.title, MARGIN, doc.y, {
      width: descWidth,
    });
    doc.font('regular').fontSize(9.5);
    for (const detail of q.item.details)
      doc.text(detail, MARGIN + 10, doc.y, { width: descWidth - 10 });
    doc.text(`${q.placement.label}.`, MARGIN + 10, doc.y, { width: descWidth - 10 });
  }, money(q.price.cash));
  if (q.placement.surcharge !== null) {
    const surcharge = q.placement.surcharge;
    row(() => {
      doc.font('regular').fontSize(10.5).text(surchargeLabel(q.placement), MARGIN, doc.y, {
        width: descWidth,
      });
    }, money(surcharge));
  }
  rule(doc, 0.6);
  doc.moveDown(0.5);
  row(
    () => {
      doc.font('bold').fontSize(11.5).text('Total de contado', MARGIN, doc.y, { width: descWidth });
    },
    money(q.total),
    true,
  );
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor('black')
    .text(`Total sin impuestos nacionales: ${money(q.totalWithoutNationalTaxes)}`, MARGIN, doc.y, {
      width: WIDTH,
      align: 'right',
    });
  if (q.placement.surcharge !== null) {
    doc.text(`${q.item.title} sin impuestos nacionales: ${money(q.price.withoutNationalTaxes)}`, {
      width: WIDTH,
      align: 'right',
    });
  }
  doc.moveDown(0.8);
}

function conditions(doc: Doc, q: QuoteDocument) {
  doc.font('bold').fontSize(10).fillColor('black').text('Formas de pago', MARGIN, doc.y);
  doc.font('regular').fontSize(9.5);
  doc.text(`De contado: ${money(q.total)}.`, { width: WIDTH });
  if (q.price.plans.length > 0) {
    doc.text(`${q.item.title}, con colocación, en cuotas sin interés:`, { width: WIDTH });
    for (const plan of q.price.plans) {
      const last =
        plan.last === plan.amount ? '' : ` (la última de ${money(plan.last)}, por el redondeo)`;
      doc.text(
        `${plan.count} cuotas de ${money(plan.amount)}${last}: total ${money(plan.total)}.`,
        {
          width: WIDTH - 10,
          indent: 10,
        },
      );
    }
    doc.font('bold').text(`${CFTEA} · ${TNA}`, { width: WIDTH });
  }
  doc.moveDown(0.6);
  doc.font('bold').fontSize(10).text('Garantía', MARGIN, doc.y);
  doc
    .font('regular')
    .fontSize(9.5)
    .text(q.warranty.replace(/^Garantía: /, ''), { width: WIDTH });
  doc.moveDown(0.8);
  doc.font('bold').fontSize(11).text(quoteTexts.notAnInvoice, MARGIN, doc.y, { width: WIDTH });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Precios de la lista publicada el día de emisión, válidos hasta el ${formatDateAR(q.validUntil)}.`,
      { width: WIDTH },
    );
}

/** The QR code and the address of the verification page, at the foot of the page. */
function verification(doc: Doc, q: QuoteDocument) {
  const size = 96;
  const top = A4.height - MARGIN - size;
  doc.y = top - 12;
  rule(doc, 0.6);
  drawQr(doc, q.verifyUrl, MARGIN, top, size);
  const x = MARGIN + size + 16;
  const width = WIDTH - size - 16;
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(`${quoteTexts.verifyNote}:`, x, top + 8, { width });
  doc
    .font('regular')
    .fontSize(9.5)
    .text(q.verifyUrl, x, doc.y + 2, { width, link: q.verifyUrl });
  doc
    .fontSize(8.5)
    .fillColor(GREY)
    .text(
      'Escaneá el código o escribí la dirección: la página muestra este presupuesto tal como lo emitimos.',
      x,
      doc.y + 4,
      { width },
    );
}

function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) {
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fillColor('black').fill();
}

function rule(doc: Doc, width: number) {
  doc
    .lineWidth(width)
    .strokeColor(width > 1 ? 'black' : RULE)
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .stroke();
}
