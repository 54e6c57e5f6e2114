import type { DeliveryZone } from './zones';

export type ZoneDraft = Omit<DeliveryZone, 'id'>;

const none: Omit<ZoneDraft, 'name' | 'postcodes' | 'method' | 'position'> = {
  feePennies: 0,
  freeOverPennies: null,
  minimumOrderPennies: null,
  weekdays: [],
  cutoffTime: null,
  cutoffDaysBefore: null,
  dailyOrderCap: null,
  serviceCode: null,
  transitDays: null,
};

/**
 * The demo shop's zones: its own van round near Shrewsbury and Telford on Tuesdays and
 * Fridays, Royal Mail Tracked 48 for the rest of mainland Britain (dispatched Monday to Wednesday,
 * so no box sits in a depot over the weekend), dearer post to the Highlands, islands and Northern
 * Ireland, and no delivery to the Isle of Man, the Channel Islands or BFPO.
 */
export const DEMO_ZONES: ZoneDraft[] = [
  {
    ...none,
    name: 'Local van',
    postcodes: ['SY1-SY5', 'TF1-TF13'],
    method: 'van',
    feePennies: 250,
    freeOverPennies: 2500,
    weekdays: [2, 5],
    position: 0,
  },
  {
    ...none,
    name: 'UK post',
    postcodes: ['*'],
    method: 'post',
    feePennies: 499,
    weekdays: [1, 2, 3],
    serviceCode: 'TPS48',
    transitDays: '2-3 days',
    position: 1,
  },
  {
    ...none,
    name: 'Highlands, islands and Northern Ireland',
    postcodes: [
      'BT',
      'HS',
      'IV',
      'KW',
      'ZE',
      'KA27-KA28',
      'PA20-PA49',
      'PA60-PA78',
      'PH17-PH26',
      'PH30-PH44',
      'PH49-PH50',
      'TR21-TR25',
    ],
    method: 'post',
    feePennies: 899,
    weekdays: [1, 2],
    serviceCode: 'TPS48',
    transitDays: '2-3 days',
    position: 2,
  },
  {
    ...none,
    name: 'Isle of Man, Channel Islands and BFPO',
    postcodes: ['IM', 'GY', 'JE', 'BFPO'],
    method: 'none',
    position: 3,
  },
];
