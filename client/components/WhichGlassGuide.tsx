import { whichGlass } from '../content/which-glass.ts';
import { whatsappLink } from '../content/business.ts';

/** The drawings: simple line art, hidden from assistive technology (the text beside says it). */
function SensorDrawing() {
  return (
    <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      <path d="M6 70 Q60 2 114 70" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect
        x="50"
        y="22"
        width="20"
        height="14"
        rx="3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="60" cy="29" r="3" fill="currentColor" />
      <path d="M44 40 h32 v8 h-32 z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function CameraDrawing() {
  return (
    <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      <path d="M6 70 Q60 2 114 70" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect
        x="44"
        y="18"
        width="32"
        height="20"
        rx="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="60" cy="28" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M44 42 h32 v8 h-32 z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function StampDrawing() {
  return (
    <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      <path d="M4 76 V20 Q4 8 16 8 H116" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect
        x="14"
        y="36"
        width="50"
        height="32"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M20 46 h30 M20 54 h38 M20 62 h22" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

const steps = [
  ['sensor', SensorDrawing],
  ['camera', CameraDrawing],
  ['stamp', StampDrawing],
] as const;

/** "¿Cuál es el mío?": where to look to tell the versions apart (docs/product.md). */
export function WhichGlassGuide() {
  return (
    <section className="which-glass" aria-labelledby="cual-es-el-mio">
      <h2 id="cual-es-el-mio">{whichGlass.title}</h2>
      <p>{whichGlass.intro}</p>
      <ul className="which-glass__steps">
        {steps.map(([key, Drawing]) => {
          const step = whichGlass.steps[key];
          return (
            <li key={key}>
              <Drawing />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          );
        })}
      </ul>
      <p>
        <a href={whatsappLink(whichGlass.askMessage)} rel="nofollow">
          {whichGlass.askLabel}
        </a>{' '}
        y te decimos cuál es.
      </p>
    </section>
  );
}
