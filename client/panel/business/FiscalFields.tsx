/** Datos del negocio, the fiscal section: its fields. */
import { IVA_CONDITIONS } from '../../facts/types.ts';
import { Field, Choice, type Fields } from './controls.tsx';

export function FiscalFields(p: Fields) {
  return (
    <>
      <Field {...p} name="fiscal.razonSocial" label="Razón social" required />
      <Field
        {...p}
        name="fiscal.cuit"
        label="CUIT"
        inputMode="numeric"
        hint="Los 11 números, con o sin guiones."
        required
      />
      <Choice
        {...p}
        name="fiscal.ivaCondition"
        label="Condición frente al IVA"
        options={IVA_CONDITIONS.map((condition) => [condition, condition] as const)}
      />
      <Field
        {...p}
        name="fiscal.dataFiscalUrl"
        label="Enlace del QR de Data Fiscal"
        hint="El que te da ARCA (http://qr.afip.gob.ar/?qr=…). Vacío: el pie no muestra la insignia."
      />
    </>
  );
}
