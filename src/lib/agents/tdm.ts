/**
 * The text-and-data-mining reservation in the W3C TDMRep form: `/.well-known/tdmrep.json` and a
 * `tdm-reservation: 1` response header, consistent with robots.txt (training refused). Pure and
 * host-independent, so the JSON file is prerendered.
 */

export const TDM_RESERVATION_HEADER = 'tdm-reservation';
/** 1: TDM rights are reserved. */
export const TDM_RESERVATION_VALUE = '1';

/** One rule covering every path of the site (the location is a robots.txt-style path prefix). */
export function renderTdmrep(): string {
  return JSON.stringify([{ location: '/', 'tdm-reservation': 1 }]);
}
