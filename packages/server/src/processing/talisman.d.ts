// The part of talisman the glossary uses (the package ships no types).
declare module 'talisman/phonetics/german/cologne.js' {
  /** The Kölner Phonetik code of a word: digits, e.g. `67` for "Maier" and "Meier". */
  export default function cologne(word: string): string;
}
