/**
 * Bangla and Banglish words a shopper searches with, and the catalog's English words they stand for
 * (issue 21 item 5). A catalog named in English is found by `লিপস্টিক`, `সাবান`, `lipstik`, `sabun` or
 * `foundeshon`: a word found here is searched as its English words (ORed with what the shopper
 * typed); any other word in Bengali letters is read out in Latin letters (`transliterate`), which
 * the dictionary of catalog words then corrects by trigram similarity like any misspelling
 * (`লিপস্টিক` → `lipstik` → `lipstick`). Everything stays in memory: no query is added, and the
 * search's statements and indexes are the same as for an English word (docs/search.md).
 *
 * The list holds what Bangladeshi shoppers call the shop's product types and brands: loanwords as
 * Bangla spells them and the common Latin spellings of Bangla words. Keys are compared after
 * NFKC and lowercasing, as search terms are.
 */
const WORDS: Record<string, string[]> = {
  // Beauty and personal care
  লিপস্টিক: ['lipstick'],
  লিপ্সটিক: ['lipstick'],
  lipstik: ['lipstick'],
  lipistik: ['lipstick'],
  lipstic: ['lipstick'],
  লিপ: ['lip'],
  সাবান: ['soap', 'bar', 'wash'],
  sabun: ['soap', 'bar', 'wash'],
  saban: ['soap', 'bar', 'wash'],
  শ্যাম্পু: ['shampoo'],
  শ্যাম্পো: ['shampoo'],
  sampu: ['shampoo'],
  shampu: ['shampoo'],
  shampo: ['shampoo'],
  কন্ডিশনার: ['conditioner'],
  kondishoner: ['conditioner'],
  ক্রিম: ['cream', 'creme'],
  krim: ['cream', 'creme'],
  লোশন: ['lotion'],
  loshon: ['lotion'],
  ফাউন্ডেশন: ['foundation'],
  foundeshon: ['foundation'],
  faundeshon: ['foundation'],
  foundesan: ['foundation'],
  পাউডার: ['powder'],
  powdar: ['powder'],
  কাজল: ['kajal'],
  kajol: ['kajal'],
  আইলাইনার: ['eyeliner', 'liner'],
  মাসকারা: ['mascara'],
  সিরাম: ['serum'],
  sirum: ['serum'],
  সানস্ক্রিন: ['sunscreen', 'suncream'],
  সানক্রিম: ['suncream', 'sunscreen'],
  sunskrin: ['sunscreen'],
  ময়েশ্চারাইজার: ['moisturiser', 'moisturizer'],
  ময়শ্চারাইজার: ['moisturiser', 'moisturizer'],
  টোনার: ['toner'],
  ক্লিনজার: ['cleanser'],
  ফেসওয়াশ: ['wash'],
  ফেস: ['face'],
  ওয়াশ: ['wash'],
  বডি: ['body'],
  পারফিউম: ['perfume', 'parfum', 'fragrance'],
  সুগন্ধি: ['perfume', 'parfum', 'fragrance'],
  আতর: ['perfume', 'parfum', 'fragrance'],
  sugondhi: ['perfume', 'parfum', 'fragrance'],
  perfum: ['perfume', 'parfum', 'fragrance'],
  মেকআপ: ['makeup'],
  makap: ['makeup'],
  তেল: ['oil'],
  tel: ['oil'],
  চুল: ['hair'],
  চুলের: ['hair'],
  chul: ['hair'],
  নারকেল: ['coconut'],
  নারিকেল: ['coconut'],
  narikel: ['coconut'],
  ত্বক: ['skin', 'skincare'],
  ত্বকের: ['skin', 'skincare'],
  // Toys and sport
  খেলনা: ['toys', 'toy'],
  khelna: ['toys', 'toy'],
  পুতুল: ['doll', 'dolls'],
  putul: ['doll', 'dolls'],
  গাড়ি: ['car', 'cars'],
  gari: ['car', 'cars'],
  বল: ['ball'],
  ব্যাট: ['bat'],
  ফুটবল: ['football'],
  ক্রিকেট: ['cricket'],
  ব্যাডমিন্টন: ['badminton'],
  র্যাকেট: ['racquet'],
  শাটলকক: ['shuttlecock'],
  জুতা: ['shoes'],
  জুতো: ['shoes'],
  juta: ['shoes'],
  joota: ['shoes'],
  // Home
  ব্লেন্ডার: ['blender'],
  কুকার: ['cooker'],
  ইস্ত্রি: ['iron'],
  istri: ['iron'],
  কেটলি: ['kettle'],
  ওভেন: ['oven'],
  ট্রিমার: ['trimmer'],
  ড্রায়ার: ['dryer'],
  // Brands as Bangla spells them
  নিভিয়া: ['nivea'],
  ডাভ: ['dove'],
  লাক্স: ['lux'],
  প্যারাসুট: ['parachute'],
  গার্নিয়ার: ['garnier'],
  মেবেলিন: ['maybelline'],
  লরিয়েল: ['oréal', 'loreal'],
  ভ্যাসলিন: ['vaseline'],
  সানসিল্ক: ['sunsilk'],
  ডাবর: ['dabur'],
  লেগো: ['lego'],
  বার্বি: ['barbie'],
  নাইকি: ['nike'],
  অ্যাডিডাস: ['adidas'],
  ফিলিপস: ['philips'],
  মিয়াকো: ['miyako'],
  ওয়ালটন: ['walton'],
  ইয়োনেক্স: ['yonex'],
};

const normalise = (word: string) => word.normalize('NFKC').toLowerCase();
const DICTIONARY = new Map(Object.entries(WORDS).map(([word, english]) => [normalise(word), english]));

/** Bangla words that carry no product meaning ('and', 'for', 'with'…): left out of a search, as English stop words are. */
const STOP_WORDS = new Set(
  ['ও', 'এবং', 'আর', 'বা', 'এর', 'জন্য', 'দিয়ে', 'সহ', 'সাথে', 'একটি', 'কিছু', 'কি'].map((w) => w.normalize('NFKC')),
);

/** Whether a Bangla word is one a search leaves out. */
export const isBanglaStopWord = (word: string) => STOP_WORDS.has(word.normalize('NFKC'));

/** The catalog's English words a Bangla or Banglish word stands for; empty for any other word. */
export function englishFor(word: string): string[] {
  return DICTIONARY.get(normalise(word)) ?? [];
}

// Bengali letters in Latin as a shopper would type them. A consonant's inherent vowel is left out
// (লিপস্টিক → lipstik, not lipastika): the loanwords a shop sells are written with their vowels.
const VOWELS: Record<string, string> = { অ: 'o', আ: 'a', ই: 'i', ঈ: 'i', উ: 'u', ঊ: 'u', ঋ: 'ri', এ: 'e', ঐ: 'oi', ও: 'o', ঔ: 'ou' };
const VOWEL_SIGNS: Record<string, string> = {
  'া': 'a',
  'ি': 'i',
  'ী': 'i',
  'ু': 'u',
  'ূ': 'u',
  'ৃ': 'ri',
  'ে': 'e',
  'ৈ': 'oi',
  'ো': 'o',
  'ৌ': 'ou',
};
const CONSONANTS: Record<string, string> = {
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'f',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  '\u09DC': 'r',
  '\u09DD': 'rh',
  '\u09DF': 'y',
  ৎ: 't',
  'ং': 'ng',
  'ঃ': 'h',
};
const DIGITS = '০১২৩৪৫৬৭৮৯';
const VIRAMA = '্';
const NUKTA = '়';
const WITH_NUKTA: Record<string, string> = { ড: '\u09DC', ঢ: '\u09DD', য: '\u09DF' };

/** Whether a word is written in Bengali letters. */
export const isBengali = (word: string) => /[\u0980-\u09FF]/u.test(word);

/** A word in Bengali letters read out in Latin ones: 'লিপস্টিক' → 'lipstik', 'শ্যাম্পু' → 'shampu'. */
export function transliterate(word: string): string {
  const chars = Array.from(word.normalize('NFKC'));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i]!;
    if (chars[i + 1] === NUKTA && WITH_NUKTA[c]) {
      c = WITH_NUKTA[c]!;
      i++;
    }
    // অ with ya-phala (অ্যা) is the 'a' of loanwords (অ্যাডিডাস: adidas): the vowel sign after it says so.
    if (c === 'অ' && chars[i + 1] === VIRAMA && chars[i + 2] === 'য') continue;
    // Ya-phala (্য) after a consonant is an 'a'-like glide in loanwords (শ্যাম্পু: shampu).
    if (c === VIRAMA && chars[i + 1] === 'য' && chars[i + 2] !== NUKTA) {
      i++;
      continue;
    }
    const digit = DIGITS.indexOf(c);
    out += VOWELS[c] ?? VOWEL_SIGNS[c] ?? CONSONANTS[c] ?? (digit >= 0 ? String(digit) : /[\p{L}\p{N}]/u.test(c) && !isBengali(c) ? c : '');
  }
  return out;
}

/**
 * How a typed word is searched: `lookup`, the word the catalog's dictionary is asked about (the
 * word itself, or its Latin reading when it is in Bengali letters), and `english`, the catalog
 * words the Bangla list gives for it.
 */
export function readingOf(word: string): { lookup: string; english: string[] } {
  const english = englishFor(word);
  if (!isBengali(word)) return { lookup: word, english };
  const latin = transliterate(word);
  return { lookup: latin || word, english: english.length > 0 ? english : englishFor(latin) };
}
