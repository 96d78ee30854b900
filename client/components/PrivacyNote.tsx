import { paths } from '../paths.ts';

/** Under each form that keeps personal data: what it keeps, for how long, and the privacy page. */
export function PrivacyNote({ kept, days }: { kept: string; days: number }) {
  return (
    <p className="form-privacy">
      Guardamos {kept} solo para responderte, y lo borramos a los {days} días.{' '}
      <a href={paths.privacy}>Cómo tratamos tus datos</a>.
    </p>
  );
}
