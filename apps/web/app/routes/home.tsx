import type { HomeResponse } from '@store/shared/content';
import { formatTaka } from '@store/shared/money';
import { apiGet } from '../lib/api.server';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { data } = await apiGet<{ data: HomeResponse }>(context, '/home/');
  return data;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="p-4">
      {loaderData.sections.map((s) => (
        <section key={s.id}>
          <h2>{s.title}</h2>
          <ul>
            {s.products.map((p) => (
              <li key={p.id}>
                {p.name} {formatTaka(p.discounted_price)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
