import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectHospitalMap } from './hospitalMap.connect';
import type { HospitalMapMachine } from './hospitalMap.machine';

const ISSUE = "issue 14 (map): the hospital's address with \"open in map\": inside WeChat WeChat's own map (spec §9: wx.openLocation with the name, address and coordinates), the map site when WeChat cannot show it; elsewhere the map site in a new tab";
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';

/** What "open in map" must do. */
export const hospitalMapOracle: Oracle<SnapshotFrom<HospitalMapMachine>> = {
  chart: 'hospitalMap',
  view: (snapshot) => {
    const view = connectHospitalMap(snapshot, () => {});
    return { place: view.place, opensHere: view.opensHere, opening: view.isOpening };
  },
  promises: [
    {
      id: 'wechat-map-with-the-place',
      says: "Inside WeChat a tap opens WeChat's map at the hospital's place.",
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'OPEN' }, { saw: { opensHere: true, opening: false } }] },
        then: { all: [{ call: 'openLocation', with: { sameAs: 'saw.place' } }, { sees: { opening: true } }] },
      },
    },
    {
      id: 'one-map-per-tap',
      says: "One tap opens WeChat's map once; a tap while it opens does nothing more.",
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'openLocation' }, each: { input: 'OPEN' } },
    },
    {
      id: 'tap-while-opening-does-nothing',
      says: "A tap while WeChat's map is opening asks for it no second time and goes nowhere.",
      source: ONCE,
      rule: { kind: 'always', if: { all: [{ input: 'OPEN' }, { saw: { opening: true } }] }, then: { all: [{ not: { call: 'openLocation' } }, { not: { stop: 'openLocation' } }, { not: { effect: 'openMapSite' } }] } },
    },
    {
      id: 'map-site-when-wechat-cannot',
      says: "When WeChat's map cannot show the place, the map site opens instead.",
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'answer:openLocation', with: { output: { not: 'opened' } } }, { input: 'failure:openLocation' }] },
        then: { all: [{ effect: 'openMapSite', with: { href: { present: true } } }, { sees: { opening: false } }] },
      },
    },
    {
      id: 'no-map-site-when-opened',
      says: "Once WeChat's map shows the place, the page stays where it is.",
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:openLocation', with: { output: 'opened' } }, then: { all: [{ not: { effect: 'openMapSite' } }, { sees: { opening: false } }] } },
    },
    {
      id: 'outside-wechat-the-link-does-it',
      says: 'Outside WeChat a tap is the link\'s (the map site in a new tab): the chart calls nothing and goes nowhere.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'OPEN' }, { saw: { opensHere: false } }] }, then: { all: [{ not: { call: 'openLocation' } }, { not: { effect: 'openMapSite' } }] } },
    },
  ],
};
