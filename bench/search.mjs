// Search figures for `npm run bench` (bench/run.mjs calls benchSearch): the header box's
// suggestions and the results API, at 10 and 50 connections, over terms shoppers type: whole
// words, words still being typed, typos, brand names, a Bangla word, and terms that find nothing;
// then the same in Bangla and Banglish (issue 21), beside them.
// Suggestions and results share the same search; answers are cached for 30 s per term, as a
// shop's traffic repeats its popular terms. The last scenario asks terms nobody asked before (each
// first request runs its queries). `node bench/explain-search.mjs` shows the query plans and times.

/** Terms as typed into the box: prefixes on the way to a word, then the word (the box asks 300 ms after typing stops). */
const TYPED = [
  'lip',
  'lipst',
  'lipstick',
  'lipstik',
  'foun',
  'foundation',
  'moisturiser',
  'moisturizer',
  'nivia',
  'nivea',
  'cerave',
  'cleanser',
  'body lo',
  'body lotion',
  'sham',
  'shampoo',
  'kajal',
  'eyeliner',
  'serum',
  'sunscreen',
  'mascara',
  'hair oil',
  'perfume',
  "l'oreal",
  'maybeline',
  'garnier',
  'the ordinary',
  'toner',
  'face powder',
  'conditoner',
  'body wash',
  'লিপস্টিক',
  'qxjvwz',
  'vaseline',
];

/** The same kind of typing in Bangla and Banglish (issue 21): reported beside the English figures. */
const TYPED_BANGLA = [
  'লিপ',
  'লিপস্টি',
  'লিপস্টিক',
  'lipstik',
  'ফাউন্ডেশন',
  'foundeshon',
  'সাবান',
  'sabun',
  'শ্যাম্পু',
  'sampu',
  'ক্রিম',
  'লোশন',
  'বডি লোশন',
  'কাজল',
  'সিরাম',
  'সানস্ক্রিন',
  'পারফিউম',
  'চুলের তেল',
  'নিভিয়া',
  'নিভিয়া ক্রিম',
  'খেলনা',
  'পুতুল',
  'ফুটবল',
  'কলম',
];

const SUBMITTED_BANGLA = [
  'লিপস্টিক',
  'lipstik',
  'ফাউন্ডেশন&sort=price_asc',
  'foundeshon',
  'সাবান',
  'sabun',
  'শ্যাম্পু&sort=top_rated',
  'ক্রিম&page=2',
  'নিভিয়া',
  'চুলের তেল',
  'সানস্ক্রিন&in_stock=true',
  'কলম',
  'খেলনা&department=toys',
  'ফুটবল&department=sport',
];

/** Terms submitted with Enter, some with a sort or a second page, in beauty and in other departments. */
const SUBMITTED = [
  'lipstick',
  'lipstik',
  'foundation&sort=price_asc',
  'moisturiser',
  'nivia',
  'nivea&page=2',
  'cleanser',
  'body lotion',
  'shampoo&sort=top_rated',
  'kajal',
  'serum&in_stock=true',
  'sunscreen',
  "l'oreal",
  'maybeline',
  'the ordinary&page=2',
  'perfume',
  'qxjvwz',
  'board games&department=toys',
  'football&department=sport',
  'kitchen&department=home',
];

const suggestionPaths = (limit, typed = TYPED) => typed.map((t) => `/api/v1/search/suggestions/?q=${encodeURIComponent(t)}&limit=${limit}`);
const resultPaths = (submitted = SUBMITTED) =>
  submitted.map((s) => {
    const [term, ...rest] = s.split('&');
    return `/api/v1/products/?search=${encodeURIComponent(term)}&page_size=24${rest.map((r) => `&${r}`).join('')}`;
  });

/** Terms nobody asked for yet (brand × product type, three pages each): every first request runs the queries. */
export async function coldSearchPaths(baseUrl) {
  const brands = (await (await fetch(`${baseUrl}/api/v1/brands/?department=`)).json()).data.map((b) => b.name);
  const kinds = [
    'cleanser',
    'moisturiser',
    'serum',
    'sunscreen',
    'toner',
    'lipstick',
    'foundation',
    'mascara',
    'kajal',
    'shampoo',
    'hair oil',
    'body lotion',
    'body wash',
    'perfume',
  ];
  return brands.flatMap((brand) =>
    kinds.flatMap((kind) =>
      [1, 2, 3].map((page) => `/api/v1/products/?search=${encodeURIComponent(`${brand} ${kind}`)}&page=${page}&page_size=24`),
    ),
  );
}

export async function benchSearch({ baseUrl, autocannon, load }) {
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const run =
    load ??
    (async ({ name, paths, connections }) => {
      const result = await autocannon({ url: baseUrl, connections, duration: seconds, requests: paths.map((path) => ({ path })) });
      const row = {
        scenario: name,
        connections,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
      };
      console.log(
        `  ${name.padEnd(44)} ${String(row['req/s']).padStart(7)} req/s   p99 ${String(row['p99 ms']).padStart(5)} ms   (c=${connections}, non-2xx+errors ${row.errors})`,
      );
      return row;
    });

  // Every path once before measuring, as a shop's popular terms are warm.
  const bangla = {
    suggestions: [...suggestionPaths(5, TYPED_BANGLA), ...suggestionPaths(3, TYPED_BANGLA)],
    results: resultPaths(SUBMITTED_BANGLA),
  };
  for (const path of [...suggestionPaths(5), ...suggestionPaths(3), ...resultPaths(), ...bangla.suggestions, ...bangla.results]) {
    const res = await fetch(`${baseUrl}${path}`, { headers: { 'my-department': '' } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }

  const coldPaths = await coldSearchPaths(baseUrl);

  const figures = {};
  for (const connections of [10, 50]) {
    figures[`suggestions_c${connections}`] = await run({
      name: `search suggestions (5 desktop / 3 phone)`,
      paths: [...suggestionPaths(5), ...suggestionPaths(3)],
      connections,
      seconds,
    });
    figures[`results_c${connections}`] = await run({ name: 'search results (24 per page)', paths: resultPaths(), connections, seconds });
    figures[`bangla_suggestions_c${connections}`] = await run({
      name: 'search suggestions, Bangla and Banglish',
      paths: bangla.suggestions,
      connections,
      seconds,
    });
    figures[`bangla_results_c${connections}`] = await run({
      name: 'search results, Bangla and Banglish',
      paths: bangla.results,
      connections,
      seconds,
    });
  }
  figures.cold_c10 = await run({
    name: `search results, new terms (${coldPaths.length} unwarmed)`,
    paths: coldPaths,
    connections: 10,
    seconds,
  });
  return figures;
}
