import { fragment, h } from '../platform/markup.ts';
import type { DemoCatalog } from './types.ts';

interface PostSpec {
  identifier: string;
  title: string;
  author: string;
  published: string;
  tags: string[];
  excerpt: string;
  paragraphs: string[];
  tips?: string[];
}

const posts: PostSpec[] = [
  {
    identifier: 'layering-for-shoulder-season',
    title: 'Layering for shoulder season: a field guide',
    author: 'Maya Lindqvist',
    published: '2025-10-03T08:00:00Z',
    tags: ['guides', 'apparel'],
    excerpt: 'Cold mornings, warm afternoons: how to dress for both without carrying a wardrobe.',
    paragraphs: [
      'Shoulder season is the best time to be outside and the hardest to dress for. The trick is not more clothing but better layers.',
      'Start with a merino base that manages sweat, add an insulating mid layer you can take off without stopping, and finish with a shell that packs into its own pocket.',
    ],
    tips: ['Merino next to skin, always', 'A vest keeps your core warm without overheating', 'Pack the shell, wear the fleece'],
  },
  {
    identifier: 'caring-for-cast-iron',
    title: 'How to care for cast iron (and why it is worth it)',
    author: 'Jonah Whitaker',
    published: '2025-10-28T08:00:00Z',
    tags: ['home', 'care'],
    excerpt: 'Five minutes of care after cooking buys you a pan your grandchildren will use.',
    paragraphs: [
      'Cast iron has a reputation for being fussy. It is not: it asks for three things, and none of them takes long.',
      'Rinse it hot, dry it on the stove, and wipe on a thin film of oil while it is still warm. That is the whole ritual.',
    ],
    tips: ['Soap is fine, soaking is not', 'Dry on the heat to stop rust', 'Cook with it often: use is the best seasoning'],
  },
  {
    identifier: 'first-overnight-checklist',
    title: 'Your first overnight: a checklist that fits on one page',
    author: 'Priya Raman',
    published: '2025-11-19T08:00:00Z',
    tags: ['camping', 'guides'],
    excerpt: 'Everything you need for a first night under the stars, and nothing you do not.',
    paragraphs: [
      'Your first night out should be about the sky, not about the gear. Keep it close to home, keep it simple, and bring this list.',
    ],
    tips: ['Shelter, sleeping bag and pad', 'Headlamp with fresh batteries', 'Stove, fuel, one pot, one spoon', 'Water filter and two litres of capacity', 'Warm hat, even in summer'],
  },
  {
    identifier: 'repair-not-replace',
    title: 'Repair, not replace: inside our workshop',
    author: 'Tomás Ortega',
    published: '2025-12-08T08:00:00Z',
    tags: ['sustainability', 'repairs'],
    excerpt: 'A day with the team that mended 12,000 items last year.',
    paragraphs: [
      'At 7 am the workshop already smells of wax and machine oil. Today’s queue: forty zips, a dozen torn tents and one very loved pair of boots.',
      'Every repair we make is logged, and what breaks most often goes straight back to our designers. That is how our products get tougher every season.',
    ],
  },
  {
    identifier: 'trail-notes-southern-alps',
    title: 'Trail notes: five days in the Southern Alps',
    author: 'Maya Lindqvist',
    published: '2026-01-09T08:00:00Z',
    tags: ['travel', 'hiking'],
    excerpt: 'Huts, river crossings and the best sunrise of the year on New Zealand’s South Island.',
    paragraphs: [
      'We walked hut to hut for five days, carrying everything on our backs and testing next season’s packs on the way.',
      'The weather changed four times a day. The gear that earned its place was the gear we forgot we were carrying.',
    ],
    tips: ['Book huts early in summer', 'River crossings: when in doubt, wait it out', 'Sandflies love ankles: cover them'],
  },
];

export function demoBlogPosts(): DemoCatalog['blogPosts'] {
  return posts.map((post, index) => {
    const publishedAt = new Date(post.published);
    return {
      id: index + 1,
      identifier: post.identifier,
      title: post.title,
      excerpt: post.excerpt,
      content: fragment(
        post.paragraphs.map((text) => h('p', {}, text)),
        post.tips ? h('ul', {}, post.tips.map((tip) => h('li', {}, tip))) : null,
      ).toString(),
      author: post.author,
      publishedAt,
      featuredImageFile: `${post.identifier}.svg`,
      tags: post.tags,
      isPublished: true,
      createdAt: publishedAt,
      updatedAt: new Date(publishedAt.getTime() + 2 * 86_400_000),
    };
  });
}
