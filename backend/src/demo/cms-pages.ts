import { fragment, h, type Markup } from '../platform/markup.ts';
import type { DemoCatalog } from './types.ts';

const section = (heading: string, ...body: Markup[]) => h('section', {}, h('h2', {}, heading), ...body);
const p = (text: string) => h('p', {}, text);
const list = (items: string[]) => h('ul', {}, items.map((item) => h('li', {}, item)));

interface PageSpec {
  identifier: string;
  title: string;
  contentHeading: string;
  metaDescription: string;
  content: Markup;
  updated: string;
}

const pages: PageSpec[] = [
  {
    identifier: 'home',
    title: 'Made to last, made to be used',
    contentHeading: '',
    metaDescription: 'Clothing, outdoor gear and home goods made to last. Free repairs for life on everything we sell.',
    updated: '2026-01-10T09:00:00Z',
    content: fragment(
      section(
        'Made to last, made to be used',
        p('We make and choose things that get better with use: waxed canvas that softens, cast iron that seasons, wool that keeps its shape.'),
        p('Everything we sell is covered by free repairs for life. Wear it out, send it back, wear it again.'),
      ),
      section('This season', list(['New merino layers for shoulder season', 'Ultralight shelters under 1 kg', 'Stoneware made by hand in small batches'])),
      section('Why shop with us', list(['Free repairs for life', '60-day returns, no questions asked', 'Carbon-neutral delivery'])),
    ),
  },
  {
    identifier: 'about-us',
    title: 'About us',
    contentHeading: 'Our story',
    metaDescription: 'A small team making and choosing clothing, gear and homewares that last for years.',
    updated: '2025-11-02T15:30:00Z',
    content: fragment(
      p('We started in 2014 with one workbench, a sewing machine and a stack of worn-out jackets that deserved another life.'),
      p('Today we are a team of forty, still repairing, still choosing every product by one question: will this be worth owning in ten years?'),
      section(
        'What we believe',
        list([
          'Buy less, choose well: durability is the greenest feature.',
          'Pay makers fairly: we publish our supplier list every year.',
          'Fix before replacing: our workshop mended 12,000 items last year.',
        ]),
      ),
    ),
  },
  {
    identifier: 'customer-service',
    title: 'Customer service',
    contentHeading: 'How can we help?',
    metaDescription: 'Shipping, returns, repairs and how to reach our team.',
    updated: '2025-12-05T11:00:00Z',
    content: fragment(
      section('Shipping', p('Orders placed before 2 pm ship the same working day. Standard delivery takes 2–5 working days; express arrives next day.')),
      section('Returns', p('Changed your mind? Return unused items within 60 days for a full refund. Return shipping is on us.')),
      section('Repairs', p('Send us anything you bought from us, at any age, and we will repair it free of charge or tell you honestly if we cannot.')),
      section('Contact', p('Write to hello@northfield.example or call us Monday to Friday, 9 am to 5 pm. We answer every message within one working day.')),
    ),
  },
  {
    identifier: 'privacy-policy',
    title: 'Privacy policy',
    contentHeading: 'Privacy policy',
    metaDescription: 'What personal data we collect, why, and the choices you have.',
    updated: '2025-08-20T08:00:00Z',
    content: fragment(
      p('This policy explains what personal data we collect when you shop with us, why we collect it and how you can control it.'),
      section('What we collect', list(['Contact and delivery details you give us at checkout', 'Your order history', 'Technical data needed to keep the site secure'])),
      section('How we use it', p('To deliver your orders, answer your questions and, only if you opt in, to send our newsletter. We never sell your data.')),
      section('Your rights', p('You may access, correct, export or delete your data at any time by writing to privacy@northfield.example.')),
      section('Cookies', p('We use only the cookies needed to run the shop and, with your consent, privacy-friendly analytics.')),
    ),
  },
  {
    identifier: 'no-route',
    title: 'Page not found',
    contentHeading: 'Whoops, our bad…',
    metaDescription: 'The page you requested was not found.',
    updated: '2025-05-01T12:00:00Z',
    content: fragment(
      p('The page you requested was not found, and we have a fine guess why.'),
      list(['If you typed the URL directly, please make sure the spelling is correct.', 'If you followed a link, the product may have moved or sold out.']),
      p('Try the search box, or head back to the home page and start again.'),
    ),
  },
];

export function demoCmsPages(): DemoCatalog['cmsPages'] {
  return pages.map((page, index) => ({
    id: index + 1,
    identifier: page.identifier,
    title: page.title,
    contentHeading: page.contentHeading,
    content: page.content.toString(),
    metaTitle: page.title,
    metaDescription: page.metaDescription,
    isActive: true,
    createdAt: new Date('2025-01-06T09:00:00Z'),
    updatedAt: new Date(page.updated),
  }));
}
