import { describe, expect, it } from 'vitest';
import { BD_LOCATIONS, findZone } from './bd-locations.js';

describe('the Bangladesh locations shipped with the app', () => {
  it('has 8 divisions and 64 districts, each with areas, no duplicates', () => {
    expect(BD_LOCATIONS.map((d) => d.name)).toEqual([
      'Barishal',
      'Chattogram',
      'Dhaka',
      'Khulna',
      'Mymensingh',
      'Rajshahi',
      'Rangpur',
      'Sylhet',
    ]);
    const districts = BD_LOCATIONS.flatMap((d) => d.districts);
    expect(districts).toHaveLength(64);
    expect(new Set(districts.map((d) => d.name)).size).toBe(64);
    for (const d of districts) {
      expect(d.areas.length, d.name).toBeGreaterThanOrEqual(3);
      expect(new Set(d.areas.map((a) => a.name)).size, d.name).toBe(d.areas.length);
    }
  });

  it('derives the delivery zone: Dhaka city inside, Savar, Keraniganj, Gazipur and Narayanganj the suburb, the rest outside', () => {
    expect(findZone('Dhaka', 'Dhaka', 'Gulshan')).toBe('inside_dhaka');
    expect(findZone('Dhaka', 'Dhaka', 'Uttara West')).toBe('inside_dhaka');
    expect(findZone('Dhaka', 'Dhaka', 'Savar')).toBe('dhaka_suburb');
    expect(findZone('Dhaka', 'Dhaka', 'Keraniganj')).toBe('dhaka_suburb');
    expect(findZone('Dhaka', 'Gazipur', 'Tongi')).toBe('dhaka_suburb');
    expect(findZone('Dhaka', 'Narayanganj', 'Sonargaon')).toBe('dhaka_suburb');
    expect(findZone('Dhaka', 'Tangail', 'Mirzapur')).toBe('outside_dhaka');
    expect(findZone('Chattogram', 'Chattogram', 'Panchlaish')).toBe('outside_dhaka');
    expect(findZone('Dhaka', 'Dhaka', 'Panchlaish')).toBeNull();
  });
});
