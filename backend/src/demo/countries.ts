import type { DemoCatalog } from './types.ts';

/** [ISO 3166-2 code without the country prefix, name]. Full lists for US, CA, AU, DE, FR, NZ; GB by nation. */
const countryList: { id: string; name: string; regions: [string, string][] }[] = [
  {
    id: 'US',
    name: 'United States',
    regions: [
      ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
      ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
      ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
      ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
      ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
      ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
      ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
      ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
      ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
      ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
    ],
  },
  {
    id: 'CA',
    name: 'Canada',
    regions: [
      ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
      ['NL', 'Newfoundland and Labrador'], ['NT', 'Northwest Territories'], ['NS', 'Nova Scotia'], ['NU', 'Nunavut'],
      ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
    ],
  },
  {
    id: 'AU',
    name: 'Australia',
    regions: [
      ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'], ['QLD', 'Queensland'],
      ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia'],
    ],
  },
  {
    id: 'GB',
    name: 'United Kingdom',
    regions: [['ENG', 'England'], ['NIR', 'Northern Ireland'], ['SCT', 'Scotland'], ['WLS', 'Wales']],
  },
  {
    id: 'DE',
    name: 'Germany',
    regions: [
      ['BW', 'Baden-Württemberg'], ['BY', 'Bayern'], ['BE', 'Berlin'], ['BB', 'Brandenburg'], ['HB', 'Bremen'],
      ['HH', 'Hamburg'], ['HE', 'Hessen'], ['MV', 'Mecklenburg-Vorpommern'], ['NI', 'Niedersachsen'],
      ['NW', 'Nordrhein-Westfalen'], ['RP', 'Rheinland-Pfalz'], ['SL', 'Saarland'], ['SN', 'Sachsen'],
      ['ST', 'Sachsen-Anhalt'], ['SH', 'Schleswig-Holstein'], ['TH', 'Thüringen'],
    ],
  },
  {
    id: 'FR',
    name: 'France',
    regions: [
      ['ARA', 'Auvergne-Rhône-Alpes'], ['BFC', 'Bourgogne-Franche-Comté'], ['BRE', 'Bretagne'], ['CVL', 'Centre-Val de Loire'],
      ['20R', 'Corse'], ['GES', 'Grand Est'], ['HDF', 'Hauts-de-France'], ['IDF', 'Île-de-France'], ['NOR', 'Normandie'],
      ['NAQ', 'Nouvelle-Aquitaine'], ['OCC', 'Occitanie'], ['PDL', 'Pays de la Loire'], ['PAC', 'Provence-Alpes-Côte d’Azur'],
    ],
  },
  {
    id: 'NZ',
    name: 'New Zealand',
    regions: [
      ['AUK', 'Auckland'], ['BOP', 'Bay of Plenty'], ['CAN', 'Canterbury'], ['GIS', 'Gisborne'], ['HKB', 'Hawke’s Bay'],
      ['MWT', 'Manawatū-Whanganui'], ['MBH', 'Marlborough'], ['NSN', 'Nelson'], ['NTL', 'Northland'], ['OTA', 'Otago'],
      ['STL', 'Southland'], ['TKI', 'Taranaki'], ['TAS', 'Tasman'], ['WKO', 'Waikato'], ['WGN', 'Wellington'], ['WTC', 'West Coast'],
    ],
  },
];

export function demoCountries(): Pick<DemoCatalog, 'countries' | 'regions'> {
  let regionId = 0;
  return {
    countries: countryList.map(({ id, name }) => ({ id, name })),
    regions: countryList.flatMap(({ id: countryId, regions }) =>
      regions.map(([code, name], index) => ({ id: ++regionId, countryId, code, name, position: index + 1 })),
    ),
  };
}
