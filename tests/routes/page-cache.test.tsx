import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { useLoaderData, type DataRouteObject } from 'react-router-dom';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { testApp } from '../helpers/app.ts';

let renders = 0;
let price = 100;

function Counted() {
  // Test instrumentation: counts server renders on purpose.
  // eslint-disable-next-line react-hooks/globals
  renders += 1;
  const { value } = useLoaderData() as { value: number };
  return <p id="value">{value}</p>;
}

const extra: DataRouteObject[] = [
  { id: 'counted', path: 'counted', loader: () => ({ value: price }), element: <Counted /> },
];
const app = testApp({ routes: createRoutes([...extra, ...pageRoutes]) });

const nonceOf = (res: request.Response) =>
  /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];

describe('rendered page cache', () => {
  it('renders the same page with the same data once, with a fresh nonce per response', async () => {
    renders = 0;
    const first = await request(app).get('/counted');
    const second = await request(app).get('/counted');
    expect(renders).toBe(1);
    expect(first.status).toBe(200);
    expect(second.text).toContain('<p id="value">100</p>');
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).not.toBe(n2);
    expect(first.text).toContain(`nonce="${n1}"`);
    expect(second.text).toContain(`nonce="${n2}"`);
    expect(second.text).not.toContain(`nonce="${n1}"`);
    expect(second.text).not.toContain('nonce-slot-');
  });

  it('renders again when the data changes', async () => {
    renders = 0;
    price = 200;
    const res = await request(app).get('/counted');
    expect(renders).toBe(1);
    expect(res.text).toContain('<p id="value">200</p>');
  });

  it('keys pages by URL, so a query string is its own page', async () => {
    renders = 0;
    await request(app).get('/counted?x=1');
    await request(app).get('/counted?x=1');
    await request(app).get('/counted?x=2');
    expect(renders).toBe(2);
  });
});
