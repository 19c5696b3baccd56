import type { LeafKind } from './category-tree.ts';

/** Line names that lead product names ("Juniper Merino Henley"). */
export const lineNames = [
  'Alder', 'Aspen', 'Birch', 'Cascade', 'Canyon', 'Driftwood', 'Fjord', 'Granite', 'Harbor', 'Juniper',
  'Kestrel', 'Larkspur', 'Meadow', 'Marlow', 'Sequoia', 'Sierra', 'Summit', 'Tundra', 'Willow', 'Ridgeline',
  'Basalt', 'Cedar', 'Coastline', 'Foxglove', 'Heron', 'Lumen', 'Moraine', 'Pinecrest', 'Saltmarsh', 'Timberline',
];

export const brands = ['Northfield', 'Alder & Ash', 'Kestrel Works', 'Tidewater', 'Hearth & Field', 'Summit Supply', 'Loam', 'Fernhill'];

export const countriesOfOrigin = ['Portugal', 'Vietnam', 'United States', 'Italy', 'Japan', 'India', 'Peru', 'Lithuania'];

export const materials: Record<LeafKind, string[]> = {
  apparel: ['Organic Cotton', 'Merino', 'Linen', 'Recycled Nylon', 'Hemp', 'Corduroy', 'Fleece', 'Tencel', 'Waxed Canvas', 'Alpaca Blend'],
  footwear: ['Leather', 'Suede', 'Waterproof', 'Knit', 'Nubuck', 'Canvas'],
  gear: ['Ultralight', 'Ripstop', 'Recycled', '3-Season', 'Trail', 'Expedition'],
  home: ['Stoneware', 'Walnut', 'Linen', 'Enamel', 'Cast Iron', 'Oak', 'Organic Cotton', 'Wool'],
  digital: ['Pocket', 'Complete', 'Illustrated', 'Essential', 'Waterproof-Print'],
  service: ['Express', 'Standard', 'Premium', 'Weekend'],
  giftcard: ['Classic', 'Seasonal', 'Evergreen', 'Trailhead'],
};

/** valueIndex values are stable across products, like attribute option ids. */
export const colors = [
  { valueIndex: 101, label: 'Black' },
  { valueIndex: 102, label: 'Navy' },
  { valueIndex: 103, label: 'Olive' },
  { valueIndex: 104, label: 'Rust' },
  { valueIndex: 105, label: 'Oat' },
  { valueIndex: 106, label: 'Slate' },
  { valueIndex: 107, label: 'Forest' },
  { valueIndex: 108, label: 'Clay' },
  { valueIndex: 109, label: 'Sky' },
  { valueIndex: 110, label: 'Charcoal' },
] as const;

export const apparelSizes = [
  { valueIndex: 201, label: 'XS' },
  { valueIndex: 202, label: 'S' },
  { valueIndex: 203, label: 'M' },
  { valueIndex: 204, label: 'L' },
  { valueIndex: 205, label: 'XL' },
  { valueIndex: 206, label: 'XXL' },
] as const;

export const shoeSizes = [6, 7, 8, 9, 10, 11, 12, 13].map((us, i) => ({ valueIndex: 301 + i, label: `US ${us}` }));

export interface OptionValue {
  valueIndex: number;
  label: string;
}

/** Selling points per kind, for the bullet list of descriptions. */
export const features: Record<LeafKind, string[]> = {
  apparel: [
    'Relaxed fit with room to layer',
    'Reinforced seams at stress points',
    'Pre-washed for minimal shrinkage',
    'Made in a fair-trade certified factory',
    'Free repairs for the life of the garment',
    'Dyed without toxic chemicals',
    'Breathable and quick to dry',
    'Packs down small for travel',
  ],
  footwear: [
    'Resoleable Goodyear-welted construction',
    'Cushioned, removable footbed',
    'Grippy rubber outsole for wet rock',
    'Waterproof, breathable membrane',
    'Half sizes available on request',
    'Vegetable-tanned leather upper',
  ],
  gear: [
    'Tested in the field for a full season',
    'Bluesign-approved fabrics',
    'Repair kit included',
    'Lifetime warranty against defects',
    'Sets up in under five minutes',
    'Packs into its own stuff sack',
  ],
  home: [
    'Dishwasher safe',
    'Made by a small family workshop',
    'Oven safe to 260 °C',
    'Stonewashed for softness',
    'Ships plastic-free',
    'Built to be handed down',
  ],
  digital: [
    'Instant download after checkout',
    'Updated every season at no extra cost',
    'Printable A4 and Letter formats',
    'Offline-ready on phone and tablet',
    'GPX tracks for every route',
  ],
  service: [
    'Book online, drop off in any store',
    'Ready within five working days',
    'Carried out by certified technicians',
    'Satisfaction guaranteed',
  ],
  giftcard: ['Never expires', 'Redeemable online and in store', 'Delivered instantly by email or in a recycled card sleeve', 'Usable across several orders'],
};

/** Say nothing of the contents: the bundle's categories are added to the title once they are chosen. */
export const bundleTitles: Record<'gear' | 'home', string[]> = {
  gear: ['Starter Kit', 'Trail Kit', 'Basecamp Bundle', 'Weekend Kit', 'Overnighter Kit'],
  home: ['Starter Set', 'Gift Set', 'Essentials Bundle', 'Weekend Set', 'Housewarming Set'],
};

export const groupedTitles: Record<'gear' | 'home', string[]> = {
  gear: ['Collection', 'Essentials', 'System', 'Range'],
  home: ['Collection', 'Essentials', 'Edit', 'Set'],
};

export const downloadFormats = ['PDF edition', 'EPUB edition', 'Printable maps (A4)', 'GPX track pack', 'Audio walk-through'];

export const sentenceOpeners = [
  'Designed for everyday adventures,',
  'Built around the way you actually use it,',
  'A quiet favourite in our studio,',
  'Made in small batches,',
  'Refined over three seasons of testing,',
  'Simple on the outside and clever within,',
];

export const sentenceClosers = [
  'is the piece you will reach for first.',
  'balances durability with a soft, lived-in feel.',
  'keeps its shape through years of use.',
  'pairs easily with everything else you own.',
  'is as at home on the trail as in town.',
  'earns its place in a carefully chosen kit.',
];

export const places = ['Pacific Crest', 'Scottish Highlands', 'Blue Mountains', 'Dolomites', 'Southern Alps', 'Appalachian Trail', 'Lake District', 'Patagonia'];
