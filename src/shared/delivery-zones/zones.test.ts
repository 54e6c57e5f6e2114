import { describe, expect, it } from 'vitest';
import { DEMO_ZONES } from './demo-zones';
import { parsePostcode, parseRule } from './postcode-rules';
import { type DeliveryZone, findZone, zoneOverlaps } from './zones';

const zones: DeliveryZone[] = DEMO_ZONES.map((z, i) => ({ ...z, id: `z${i}` }));
const zoneOf = (postcode: string) => findZone(zones, postcode)?.zone.name ?? null;

const zone = (name: string, postcodes: string[], position: number): DeliveryZone => ({
  ...zones[0]!,
  id: name,
  name,
  postcodes,
  position,
});

describe('postcode matching (the demo zones)', () => {
  it.each([
    // areas, districts and ranges
    ['SY3 8AB', 'Local van'],
    ['SY1 1AA', 'Local van'],
    ['SY5 0AA', 'Local van'],
    ['TF1 1AA', 'Local van'],
    ['TF13 6AA', 'Local van'],
    // whole parts: SY1 never matches SY10-SY15, TF1 never TF14
    ['SY10 7AA', 'UK post'],
    ['SY15 6AA', 'UK post'],
    ['SY6 6AA', 'UK post'],
    ['TF14 1AA', 'UK post'],
    // S (Sheffield) is not SY
    ['S1 2HE', 'UK post'],
    // lower case, no space, runs of spaces
    ['sy3 8ab', 'Local van'],
    ['SY38AB', 'Local van'],
    ['  sy3    8ab ', 'Local van'],
    // the dearer post
    ['BT1 1AA', 'Highlands, islands and Northern Ireland'],
    ['IV2 3AA', 'Highlands, islands and Northern Ireland'],
    ['KA27 8AA', 'Highlands, islands and Northern Ireland'],
    ['KA29 0AA', 'UK post'],
    ['KA2 7AA', 'UK post'],
    ['PA20 0AA', 'Highlands, islands and Northern Ireland'],
    ['PA50 0AA', 'UK post'],
    ['PA1 1AA', 'UK post'],
    ['PH17 2AA', 'Highlands, islands and Northern Ireland'],
    ['PH1 1AA', 'UK post'],
    ['TR21 0AA', 'Highlands, islands and Northern Ireland'],
    ['TR2 1AA', 'UK post'],
    // a sub-district: EC1A is in the EC area like any other
    ['EC1A 1BB', 'UK post'],
    // not delivered
    ['JE2 3AA', 'Isle of Man, Channel Islands and BFPO'],
    ['GY1 1AA', 'Isle of Man, Channel Islands and BFPO'],
    ['IM1 1AA', 'Isle of Man, Channel Islands and BFPO'],
    ['BF1 3AA', 'Isle of Man, Channel Islands and BFPO'],
    // invalid postcodes match nothing
    ['SY3', null],
    ['SY3 8A', null],
    ['1SY 8AB', null],
    ['', null],
    ['not a postcode', null],
  ])('%s -> %s', (postcode, name) => {
    expect(zoneOf(postcode)).toBe(name);
  });

  it('EH3 never matches EH31, and a sector beats its district, its area and a range', () => {
    const custom = [
      zone('Edinburgh 3', ['EH3'], 0),
      zone('Scotland', ['EH'], 1),
      zone('Town centre', ['SY3 7'], 2),
      zone('Shrewsbury', ['SY3'], 3),
      zone('Round', ['SY1-SY5'], 4),
      zone('Rest', ['*'], 5),
    ];
    const of = (p: string) => findZone(custom, p)?.zone.name;
    expect(of('EH3 9AA')).toBe('Edinburgh 3');
    expect(of('EH31 2AA')).toBe('Scotland');
    expect(of('SY3 7AB')).toBe('Town centre');
    expect(of('SY3 8AB')).toBe('Shrewsbury');
    expect(of('SY37 1AA')).toBe('Rest');
    expect(of('SY2 5AA')).toBe('Round');
    expect(of('M1 1AE')).toBe('Rest');
  });

  it('a district without its letter covers its sub-districts; with it, only that one', () => {
    const custom = [zone('W1A', ['W1A'], 0), zone('W1', ['W1'], 1)];
    expect(findZone(custom, 'W1A 1AA')?.zone.name).toBe('W1A');
    expect(findZone(custom, 'W1B 1AA')?.zone.name).toBe('W1');
    expect(findZone(custom, 'W10 1AA')).toBeNull();
  });
});

describe('rules as the owner types them', () => {
  it.each([
    ['sy', 'SY'],
    ['sy3', 'SY3'],
    ['tf1 - tf4', 'TF1-TF4'],
    ['TF1-4', 'TF1-TF4'],
    ['sy3   7', 'SY3 7'],
    ['bfpo', 'BFPO'],
    ['*', '*'],
  ])('%s reads as %s', (raw, text) => {
    expect(parseRule(raw)?.text).toBe(text);
  });

  it.each(['SY3 7A', 'TF4-TF1', 'TF1-SY4', 'S Y', '12', 'SY3 8AB', ''])('%s is refused', (raw) => {
    expect(parseRule(raw)).toBeNull();
  });

  it('a postcode is normalised to upper case with one space', () => {
    expect(parsePostcode(' sy38ab ')?.postcode).toBe('SY3 8AB');
    expect(parsePostcode('ec1a1bb')).toMatchObject({ outcode: 'EC1A', area: 'EC', sector: 'EC1A 1' });
  });
});

describe('overlaps shown when saving', () => {
  it('the demo zones do not overlap (the rest of the UK is what is left)', () => {
    expect(zoneOverlaps(zones)).toEqual([]);
  });

  it('names the postcodes both zones claim and the zone that wins', () => {
    const custom = [
      zone('Van', ['SY1-SY5'], 0),
      zone('Town', ['SY3 7'], 1),
      zone('Also van', ['SY4', 'TF1'], 2),
    ];
    expect(zoneOverlaps(custom)).toEqual([
      'SY1-SY5 (Van) and SY3 7 (Town) overlap: SY3 7 goes to Town',
      'SY1-SY5 (Van) and SY4 (Also van) overlap: SY4 goes to Also van',
    ]);
    expect(zoneOverlaps([zone('A', ['SY1'], 0), zone('B', ['sy1'], 1)])).toEqual([
      'SY1 is in both A and B: A wins (listed first)',
    ]);
    // SY1 and SY10 share no postcode.
    expect(zoneOverlaps([zone('A', ['SY1'], 0), zone('B', ['SY10'], 1)])).toEqual([]);
  });
});
