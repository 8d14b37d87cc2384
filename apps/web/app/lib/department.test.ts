import { describe, expect, it } from 'vitest';
import { SECTION_PREFIXES } from '@store/shared/constants';
import { departmentFromPath, departmentHomePath, menuTypeFor, sectionDepartment, sectionPrefix } from './department';

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
    ['/toys/all-product/', 'toys'],
    ['/sport/brand/nike', 'sport'],
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

describe('sectionDepartment', () => {
  const request = (path: string) => new Request(`http://shop.test${path}`);
  /** The redirect a loader throws, as status and Location. */
  const redirectOf = (section: string, path: string) => {
    try {
      sectionDepartment(section, request(path));
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
      throw thrown;
    }
    return null;
  };

  it('gives each SPEC prefix its department, none for no prefix and null (404) for an unknown one', () => {
    for (const [prefix, key] of Object.entries(SECTION_PREFIXES)) {
      expect(sectionDepartment(prefix, request(`/${prefix}/all-product/`))).toBe(key);
      expect(sectionPrefix(key)).toBe(`/${prefix}`);
    }
    expect(sectionDepartment(undefined, request('/all-product/'))).toBeUndefined();
    expect(sectionDepartment('constructor', request('/constructor/all-product/'))).toBeNull();
    expect(sectionDepartment('', request('/all-product/'))).toBeNull();
  });

  it('sends the department names and other spellings to the canonical prefix, path and query kept', () => {
    expect(redirectOf('toys', '/toys/all-product/?brand=lego&page=2')).toEqual({
      status: 301,
      location: '/kids/all-product/?brand=lego&page=2',
    });
    expect(redirectOf('sport', '/sport/product/?search=bat')).toEqual({ status: 301, location: '/sports/product/?search=bat' });
    expect(redirectOf('sport', '/sport/brand/nike/air-zoom')).toEqual({ status: 301, location: '/sports/brand/nike/air-zoom' });
    expect(redirectOf('KIDS', '/KIDS/brand/lego')).toEqual({ status: 301, location: '/kids/brand/lego' });
    expect(redirectOf('Home', '/Home/all-product/')).toEqual({ status: 301, location: '/home/all-product/' });
    expect(redirectOf('home', '/home/all-product/')).toBeNull();
  });

  it('agrees with departmentFromPath on every segment it accepts', () => {
    for (const segment of ['kids', 'home', 'sports', 'toys', 'sport']) {
      const path = `/${segment}/all-product/`;
      const hop = redirectOf(segment, path);
      if (hop) expect(departmentFromPath(hop.location ?? '')).toBe(departmentFromPath(path));
      else expect(sectionDepartment(segment, request(path))).toBe(departmentFromPath(path));
    }
  });
});
