import type { AttributeValue, ProductType } from '../platform/db/schema/index.ts';
import { fragment, h } from '../platform/markup.ts';
import type { Leaf } from './categories.ts';
import type { Random } from './random.ts';
import {
  brands,
  bundleTitles,
  colors,
  countriesOfOrigin,
  features,
  groupedTitles,
  lineNames,
  materials,
  places,
  sentenceClosers,
  sentenceOpeners,
} from './words.ts';

export interface ProductCopy {
  name: string;
  material: string;
  brand: string;
  shortDescription: string;
  description: string;
  attributes: Record<string, AttributeValue>;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const collectionKind = (leaf: Leaf) => (leaf.kind === 'home' ? 'home' : 'gear');

/** "Fleece" + "Fleece Jacket" is a "Fleece Jacket": the material is left out when the noun already says it. */
function materialNoun(material: string, noun: string): string {
  return noun.toLowerCase().includes(material.toLowerCase()) ? noun : `${material} ${noun}`;
}

/** Drops a word that repeats the one before it ("Linen Linen Quilt" → "Linen Quilt"). */
export function withoutRepeatedWords(name: string): string {
  return name
    .split(' ')
    .filter((word, index, words) => index === 0 || word.toLowerCase() !== words[index - 1]?.toLowerCase())
    .join(' ');
}

function nameFor(random: Random, leaf: Leaf, type: ProductType, line: string, material: string): string {
  return withoutRepeatedWords(rawNameFor(random, leaf, type, line, material));
}

function rawNameFor(random: Random, leaf: Leaf, type: ProductType, line: string, material: string): string {
  const noun = random.pick(leaf.nouns);
  switch (type) {
    case 'grouped':
      return `${line} ${leaf.name} ${random.pick(groupedTitles[collectionKind(leaf)])}`;
    case 'bundle':
      return `${line} ${random.pick(bundleTitles[collectionKind(leaf)])}`;
    case 'downloadable':
      return `${line} ${noun}: ${random.pick(places)}`;
    case 'virtual':
      return `${noun} (${material})`;
    case 'giftcard':
      return materialNoun(material, noun);
    default:
      return random.chance(0.7) ? `${line} ${materialNoun(material, noun)}` : `${line} ${noun}`;
  }
}

/** Shipping weight ranges in tenths of a kilogram. */
const weightRange: Partial<Record<Leaf['kind'], [number, number]>> = { apparel: [2, 12], footwear: [6, 14], gear: [3, 45], home: [2, 50] };

function physicalWeight(random: Random, leaf: Leaf): number {
  const [min, max] = weightRange[leaf.kind] ?? [1, 10];
  return random.int(min, max) / 10;
}

function attributesFor(random: Random, leaf: Leaf, type: ProductType, brand: string, material: string): Record<string, AttributeValue> {
  switch (leaf.kind) {
    case 'digital':
      return { brand, format: 'PDF', pages: random.int(24, 320) };
    case 'service':
      return { brand, durationMinutes: random.pick([30, 45, 60, 90, 120]) };
    case 'giftcard':
      return { brand };
    default: {
      const physical = {
        brand,
        material,
        countryOfOrigin: random.pick(countriesOfOrigin),
        ecoFriendly: random.chance(0.4),
        weightKg: physicalWeight(random, leaf),
      };
      // Wearables without variants come in one colour and one size.
      const wearable = leaf.kind === 'apparel' || leaf.kind === 'footwear';
      return type === 'simple' && wearable ? { ...physical, color: random.pick(colors).label, size: 'One Size' } : physical;
    }
  }
}

/** Name, HTML descriptions and attributes, in the voice of a small outdoor and home brand. */
export function productCopy(random: Random, leaf: Leaf, type: ProductType): ProductCopy {
  const line = random.pick(lineNames);
  const material = random.pick(materials[leaf.kind]);
  const brand = random.pick(brands);
  const name = nameFor(random, leaf, type, line, material);
  const lead = `${random.pick(sentenceOpeners)} the ${name} ${random.pick(sentenceClosers)}`;
  const highlights = random.sample(features[leaf.kind], random.int(3, 4));
  const attributes = attributesFor(random, leaf, type, brand, material);
  const details =
    typeof attributes.countryOfOrigin === 'string'
      ? `${brand} · ${material} · Made in ${attributes.countryOfOrigin}.`
      : `${brand} · ${leaf.name}.`;
  return {
    name,
    material,
    brand,
    shortDescription: h('p', {}, lead).toString(),
    description: fragment(
      h('p', {}, lead, ' ', `Part of our ${leaf.name.toLowerCase()} range, chosen for how it wears over years, not weeks.`),
      h('h3', {}, 'Highlights'),
      h('ul', {}, highlights.map((f) => h('li', {}, f))),
      h('h3', {}, 'Details'),
      h('p', {}, details),
    ).toString(),
    attributes,
  };
}
