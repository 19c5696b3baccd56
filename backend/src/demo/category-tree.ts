/** What a leaf category sells; decides product types, names, materials and price ranges. */
export type LeafKind = 'apparel' | 'footwear' | 'gear' | 'home' | 'digital' | 'service' | 'giftcard';

export interface CategorySpec {
  name: string;
  urlKey: string;
  /** One or two sentences; rendered as HTML paragraphs. */
  intro: string[];
  kind?: LeafKind;
  /** Nouns of the products sold here (leaves only). */
  nouns?: string[];
  includeInMenu?: boolean;
  isActive?: boolean;
  /** Curated: filled with a sample of products from everywhere rather than by kind. */
  curated?: boolean;
  /** Holds the fixed Trade Supplies range (trade.ts) rather than generated products. */
  trade?: boolean;
  children?: CategorySpec[];
}

/** The shop: clothing, outdoor gear and home goods, three levels deep. */
export const categoryTree: CategorySpec[] = [
  {
    name: 'Women',
    urlKey: 'women',
    intro: ['Clothing and footwear for the trail, the city and everything in between.', 'Made to be worn often and repaired, not replaced.'],
    children: [
      {
        name: 'Clothing',
        urlKey: 'clothing',
        intro: ['Layers that work as hard as you do, in natural and recycled fibres.'],
        children: [
          {
            name: 'Tops',
            urlKey: 'tops',
            intro: ['Tees, henleys and knits for every season.'],
            kind: 'apparel',
            nouns: ['Tee', 'Tank', 'Blouse', 'Henley', 'Sweater', 'Cardigan', 'Turtleneck', 'Long-Sleeve Top'],
          },
          {
            name: 'Dresses',
            urlKey: 'dresses',
            intro: ['Easy dresses that pack small and travel well.'],
            kind: 'apparel',
            nouns: ['Wrap Dress', 'Shirt Dress', 'Midi Dress', 'Slip Dress', 'Sundress', 'Sweater Dress'],
          },
          {
            name: 'Outerwear',
            urlKey: 'outerwear',
            intro: ['Shells, puffers and wool coats for wind, rain and cold.'],
            kind: 'apparel',
            nouns: ['Rain Jacket', 'Puffer Jacket', 'Wool Coat', 'Fleece Jacket', 'Trench Coat', 'Insulated Vest'],
          },
        ],
      },
      {
        name: 'Shoes',
        urlKey: 'shoes',
        intro: ['Boots, runners and sandals, resoleable where it counts.'],
        kind: 'footwear',
        nouns: ['Ankle Boot', 'Trail Runner', 'Loafer', 'Sneaker', 'Sandal', 'Hiking Boot'],
      },
    ],
  },
  {
    name: 'Men',
    urlKey: 'men',
    intro: ['Hard-wearing essentials with clean lines and honest materials.'],
    children: [
      {
        name: 'Clothing',
        urlKey: 'clothing',
        intro: ['Shirts and trousers cut for movement.'],
        children: [
          {
            name: 'Shirts',
            urlKey: 'shirts',
            intro: ['Oxfords, flannels and polos that get better with every wash.'],
            kind: 'apparel',
            nouns: ['Oxford Shirt', 'Flannel Shirt', 'Polo', 'Chambray Shirt', 'Crew Tee', 'Overshirt'],
          },
          {
            name: 'Trousers',
            urlKey: 'trousers',
            intro: ['Chinos, denim and trail pants with room to move.'],
            kind: 'apparel',
            nouns: ['Chino', 'Jeans', 'Cargo Pant', 'Trail Pant', 'Jogger', 'Short'],
          },
        ],
      },
      {
        name: 'Shoes',
        urlKey: 'shoes',
        intro: ['From first light on the trail to dinner in town.'],
        kind: 'footwear',
        nouns: ['Chukka Boot', 'Trail Runner', 'Derby Shoe', 'Sneaker', 'Hiking Boot', 'Slip-On'],
      },
    ],
  },
  {
    name: 'Outdoor',
    urlKey: 'outdoor',
    intro: ['Tested gear for nights out and long days on foot.'],
    children: [
      {
        name: 'Camping',
        urlKey: 'camping',
        intro: ['Shelter and sleep systems for every season.'],
        children: [
          {
            name: 'Tents',
            urlKey: 'tents',
            intro: ['Freestanding, ultralight and family tents.'],
            kind: 'gear',
            nouns: ['2-Person Tent', 'Backpacking Tent', 'Family Tent', 'Ultralight Shelter', 'Tarp Shelter'],
          },
          {
            name: 'Sleeping Bags',
            urlKey: 'sleeping-bags',
            intro: ['Down and synthetic bags, pads and pillows.'],
            kind: 'gear',
            nouns: ['Down Sleeping Bag', 'Synthetic Sleeping Bag', 'Sleeping Pad', 'Camp Pillow', 'Bag Liner'],
          },
        ],
      },
      {
        name: 'Packs',
        urlKey: 'packs',
        intro: ['Daypacks, travel duffels and multi-day packs.'],
        kind: 'gear',
        nouns: ['Daypack', 'Hiking Pack', 'Hydration Pack', 'Duffel', 'Sling Bag', 'Roll-Top Pack'],
      },
      {
        name: 'Guides & Maps',
        urlKey: 'guides-maps',
        intro: ['Downloadable trail guides, route atlases and printable maps.'],
        kind: 'digital',
        nouns: ['Trail Guide', 'Map Pack', 'Field Handbook', 'Route Atlas', 'Hut-to-Hut Guide'],
      },
    ],
  },
  {
    name: 'Home',
    urlKey: 'home',
    intro: ['Things for the kitchen, the bedroom and slow mornings.'],
    children: [
      {
        name: 'Kitchen',
        urlKey: 'kitchen',
        intro: ['Cookware and tableware built for daily use.'],
        kind: 'home',
        nouns: ['Chef’s Knife', 'Cast Iron Skillet', 'Pour-Over Set', 'Stoneware Mug Set', 'Cutting Board', 'Dutch Oven', 'French Press'],
      },
      {
        name: 'Bedding & Bath',
        urlKey: 'bedding-bath',
        intro: ['Breathable linens and towels that soften with use.'],
        kind: 'home',
        nouns: ['Duvet Cover', 'Percale Sheet Set', 'Waffle Towel Set', 'Wool Throw', 'Quilt', 'Bath Mat'],
      },
      {
        name: 'Workshops & Services',
        urlKey: 'services',
        intro: ['Repairs, fittings and hands-on workshops in our stores.'],
        kind: 'service',
        nouns: ['Knife Sharpening', 'Tent Repair', 'Boot Resoling', 'Trail Skills Workshop', 'Pack Fitting Session'],
        includeInMenu: false,
      },
    ],
  },
  {
    name: 'Gift Cards',
    urlKey: 'gift-cards',
    intro: ['Let them choose: digital cards by email or printed cards by post.'],
    kind: 'giftcard',
    nouns: ['Gift Card', 'e-Gift Card', 'Holiday Gift Card', 'Adventure Gift Card'],
  },
  {
    name: 'Staff Picks',
    urlKey: 'staff-picks',
    intro: ['What our team keeps reaching for this season.'],
    includeInMenu: false,
    curated: true,
  },
  {
    name: 'Winter Archive',
    urlKey: 'winter-archive',
    intro: ['Last season’s range, kept for reference.'],
    isActive: false,
    curated: true,
  },
  {
    // The B2B Access demo gates this range (demo/b2b-access.ts).
    name: 'Trade Supplies',
    urlKey: 'trade-supplies',
    intro: ['Bulk packs and fixtures for cafés, outfitters and hotels.', 'Trade prices are shown to approved trade accounts.'],
    trade: true,
  },
];
