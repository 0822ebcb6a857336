import { isAddressRefusal, resolveStreetAddress, type PostcodeLocality } from './street-address';

const GEELONG: PostcodeLocality[] = [
  { locality: 'BAREENA', state: 'VIC', type: 'Delivery Area', lat: -38.157038, lng: 144.34652 },
  { locality: 'GEELONG', state: 'VIC', type: 'Delivery Area', lat: -38.1499181, lng: 144.3617186 },
  { locality: 'SOUTH GEELONG', state: 'VIC', type: 'Delivery Area', lat: -38.1673819, lng: 144.3658474 },
  { locality: 'GEELONG MC', state: 'VIC', type: 'Post Office Boxes', lat: -38.15, lng: 144.36 },
];

describe('a street address checked against the postcode data', () => {
  it('takes the suburb as the data spells it, with its state, zone and coordinates', () => {
    expect(
      resolveStreetAddress({ street: ' 125 Latrobe Terrace ', suburb: 'south  geelong', postcode: '3220' }, GEELONG),
    ).toEqual({
      street: '125 Latrobe Terrace',
      city: 'South Geelong',
      state: 'VIC',
      postcode: '3220',
      lat: -38.1673819,
      long: 144.3658474,
      time_zone: 'Australia/Melbourne',
    });
  });

  it('refuses an unknown postcode, 9999 and a suburb not in the postcode, naming the field and the fix', () => {
    expect(resolveStreetAddress({ street: '1 A St', suburb: 'Nowhere', postcode: '1234' }, [])).toEqual({
      field: 'postcode',
      message: expect.stringContaining('No Australian suburb has the postcode 1234'),
    });
    const northPole = [{ locality: 'NORTH POLE', state: 'VIC', type: 'Delivery Area', lat: -37.8, lng: 144.9 }];
    expect(resolveStreetAddress({ street: '1 A St', suburb: 'North Pole', postcode: '9999' }, northPole)).toEqual({
      field: 'postcode',
      message: expect.stringContaining('North Pole'),
    });
    const wrong = resolveStreetAddress({ street: '1 A St', suburb: 'Geelong West', postcode: '3220' }, GEELONG);
    expect(wrong).toEqual({
      field: 'suburb',
      message:
        "Postcode 3220 has no suburb 'Geelong West'. Its suburbs are Bareena, Geelong, South Geelong; check the suburb or the postcode.",
    });
    // A post-office-box locality is not where a dealership stands.
    expect(
      isAddressRefusal(resolveStreetAddress({ street: '1 A St', suburb: 'Geelong MC', postcode: '3220' }, GEELONG)),
    ).toBe(true);
  });

  it('keeps no coordinates the data does not have', () => {
    const zero = [{ locality: 'X', state: 'NT', type: 'Delivery Area', lat: 0, lng: 0 }];
    expect(resolveStreetAddress({ street: '1 A St', suburb: 'X', postcode: '0800' }, zero)).toMatchObject({
      lat: null,
      long: null,
      time_zone: 'Australia/Darwin',
    });
  });
});
