import { describe, expect, it } from 'vitest';
import { departmentFromPath, departmentHomePath, menuTypeFor } from './department';

describe('departmentFromPath', () => {
  it.each([
    ['/', ''],
    ['', ''],
    ['/all-product/', ''],
    ['/brand/dior/sauvage', ''],
    ['/toys', 'toys'],
    ['/toys/', 'toys'],
    ['/kids/all-product/', 'toys'],
    ['/kids/brand/lego/city-set', 'toys'],
    ['/home', 'home'],
    ['/home/all-product/?page=2', 'home'],
    ['/sport', 'sport'],
    ['/sports/product/', 'sport'],
    ['/SPORTS/all-product', 'sport'],
    ['/homeware', ''],
    ['/toysrus', ''],
    ['/page/kids', ''],
    ['/blog/home', ''],
  ])('%s → %j', (path, key) => {
    expect(departmentFromPath(path)).toBe(key);
  });
});

describe('menuTypeFor', () => {
  it('gives the toys department the kids menu and every other department the beauty menu', () => {
    expect(menuTypeFor('toys')).toBe('kids');
    expect(menuTypeFor('')).toBe('beauty');
    expect(menuTypeFor('home')).toBe('beauty');
    expect(menuTypeFor('sport')).toBe('beauty');
  });
});

describe('departmentHomePath', () => {
  it('links each department to its home', () => {
    expect(departmentHomePath('')).toBe('/');
    expect(departmentHomePath('toys')).toBe('/toys');
    expect(departmentHomePath('sport')).toBe('/sport');
  });
});
