import { domainToUnicode } from 'node:url';
import { CONFUSABLES } from './confusables.data.js';

export const QUOTED_LOCAL_PART = 'email must be a plain address: quotes and backslashes are not accepted';
export const MIXED_SCRIPTS =
  'email must not mix letters of different alphabets (such as Latin and Cyrillic) in its name or in one part of its domain';
export const TOO_SIMILAR = "This email is too similar to an existing account's, please use another";

/**
 * Unicode's scripts (long names, as `\p{Script=…}` takes them). Common (digits, punctuation) and
 * Inherited (combining marks) belong to no script of their own and are left out on purpose.
 */
const SCRIPT_NAMES = `Latin Cyrillic Greek Han Hiragana Katakana Hangul Bopomofo Arabic Hebrew Armenian Georgian Devanagari
  Bengali Gurmukhi Gujarati Oriya Tamil Telugu Kannada Malayalam Sinhala Thai Lao Tibetan Myanmar Khmer Ethiopic Cherokee
  Adlam Ahom Anatolian_Hieroglyphs Avestan Balinese Bamum Bassa_Vah Batak Beria_Erfe Bhaiksuki Brahmi Braille Buginese
  Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Deseret
  Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Garay Glagolitic Gothic Grantha Gunjala_Gondi
  Gurung_Khema Hanifi_Rohingya Hanunoo Hatran Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese
  Kaithi Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khojki Khudawadi Kirat_Rai Lepcha Limbu Linear_A Linear_B Lisu
  Lycian Lydian Mahajani Makasar Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui
  Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Nabataean Nag_Mundari Nandinagari New_Tai_Lue
  Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic
  Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau
  Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham Sidetic SignWriting
  Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo
  Takri Tangsa Tangut Thaana Tifinagh Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho
  Warang_Citi Yezidi Yi Zanabazar_Square`.split(/\s+/);

/** One `\p{Script=…}` test per script this Node knows (a name it does not know is left out: its letters count as one unknown script). */
const SCRIPTS: { name: string; test: RegExp }[] = SCRIPT_NAMES.flatMap((name) => {
  try {
    return [{ name, test: new RegExp(`^\\p{Script=${name}}$`, 'u') }];
  } catch {
    return [];
  }
});

const NO_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Scripts of the characters met lately: a letter of a script late in the list costs up to 172 regex tests. */
const scriptCache = new Map<string, string | undefined>();

/** The script of one character; undefined for Common and Inherited ones (digits, punctuation, combining marks). */
function scriptOf(char: string): string | undefined {
  if (scriptCache.has(char)) return scriptCache.get(char);
  const script = NO_SCRIPT.test(char) ? undefined : (SCRIPTS.find((candidate) => candidate.test.test(char))?.name ?? 'Unknown');
  if (scriptCache.size >= 4096) scriptCache.clear();
  scriptCache.set(char, script);
  return script;
}

/**
 * Mixes of scripts that one writing system uses together, from UTS #39's "Highly Restrictive" level:
 * Japanese (Han, Hiragana, Katakana), Chinese with Bopomofo, Korean (Han, Hangul), each also with Latin.
 * Every other mix (Latin with Cyrillic or Greek above all) is refused.
 */
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Whether the letters of `text` come from one script, or from a mix one writing system uses (see ALLOWED_MIXES). */
export function isSingleScript(text: string): boolean {
  const scripts = new Set<string>();
  for (const char of text) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
}

/** The local part and the domain of an email as the shop keeps it (split at the last `@`). */
export function partsOf(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return { local: email.slice(0, at), domain: email.slice(at + 1) };
}

/**
 * What is wrong with a normalised email (see `normalEmail`: NFKC, lower case, domain in its IDNA
 * ASCII form) that an account is to take, or undefined. A new address must be plain (no quoted
 * local part: `"admin"@…` looks like `admin@…`), and its local part and each label of its domain
 * (read in Unicode) must keep to one script: `аdmin` with a Cyrillic `а`, `еxаmple`, `cοm` with a
 * Greek omicron are refused. Whether it looks like another account's email is `skeletonOf`'s job.
 */
export function newEmailProblem(email: string): string | undefined {
  const { local, domain } = partsOf(email);
  if (/["\\]/.test(local)) return QUOTED_LOCAL_PART;
  const labels = domainToUnicode(domain).split('.');
  if (![local, ...labels].every(isSingleScript)) return MIXED_SCRIPTS;
  return undefined;
}

/** confusables.txt's prototypes by source character. */
const PROTOTYPES: ReadonlyMap<string, string> = new Map(
  CONFUSABLES.split(',').map((entry) => {
    const [source, prototype] = entry.split('>');
    return [String.fromCodePoint(parseInt(source, 16)), String.fromCodePoint(...prototype.split(' ').map((hex) => parseInt(hex, 16)))];
  }),
);

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Combining marks of no script of their own (accents, dots above, the acute of `ń`): they do not make a different address. */
const INHERITED_MARK = /(?=\p{Script=Inherited})\p{M}/gu;

/** UTS #39's skeleton of a string: NFD, default ignorables removed, each character by its prototype, NFD again. */
export function tr39Skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')) mapped += PROTOTYPES.get(char) ?? char;
  return mapped.normalize('NFD');
}

/**
 * The form in which two emails that look alike are equal: UTS #39's skeleton of the local part and
 * of the domain read in Unicode (so `аре.com` in Cyrillic meets `ape.com`), then stricter than
 * UTS #39 in two ways an email allows: combining marks of no script are dropped (`admiń`,
 * `admi̇n` meet `admin`), and the result is lower-cased (emails ignore case, so `0`, whose
 * prototype is `O`, meets `o`). Stored with each account under a unique index.
 */
export function skeletonOf(email: string): string {
  const { local, domain } = partsOf(email);
  const skeleton = (text: string) => tr39Skeleton(text).replace(INHERITED_MARK, '').toLowerCase();
  return `${skeleton(local)}@${skeleton(domainToUnicode(domain))}`;
}
