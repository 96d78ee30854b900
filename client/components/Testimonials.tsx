import { testimonials } from '../content/home.ts';

export function Testimonials() {
  return (
    <ul className="testimonials">
      {testimonials.map((t) => (
        <li key={t.author}>
          <figure>
            <blockquote>
              <p>{t.quote}</p>
            </blockquote>
            <figcaption>
              {t.author}, <span>{t.car}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
