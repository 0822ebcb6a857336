import { addressLine, directionsUrl, mapEmbedUrl } from './directions';

const address = {
  street: '176 Parramatta Road',
  city: 'Homebush',
  state: 'NSW',
  postcode: '2140',
  lat: -33.86,
  long: 151.08,
  place_url: null,
};

describe('directionsUrl', () => {
  it('uses the place_url when the dealer set one', () => {
    expect(directionsUrl({ ...address, place_url: 'https://maps.google.com/?cid=123' })).toBe(
      'https://maps.google.com/?cid=123',
    );
  });

  it('builds a link from the coordinates otherwise', () => {
    expect(directionsUrl(address)).toBe('https://www.google.com/maps/dir/?api=1&destination=-33.86,151.08');
  });

  it('falls back to the street address, and to nothing', () => {
    expect(directionsUrl({ ...address, lat: null, long: null })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=176%20Parramatta%20Road%2C%20Homebush%20NSW%202140',
    );
    expect(
      directionsUrl({
        street: null,
        city: null,
        state: null,
        postcode: null,
        lat: null,
        long: null,
        place_url: 'javascript:alert(1)',
      }),
    ).toBeNull();
    expect(directionsUrl(null)).toBeNull();
  });
});

describe('addressLine and mapEmbedUrl', () => {
  it('prints one line', () => {
    expect(addressLine(address)).toBe('176 Parramatta Road, Homebush NSW 2140');
    expect(addressLine({ street: ' 1 Quay St ', city: null, state: null, postcode: '2000' })).toBe('1 Quay St, 2000');
  });

  it('embeds only with a key', () => {
    expect(mapEmbedUrl(address, '')).toBeNull();
    expect(mapEmbedUrl({ ...address, place_id: 'abc' }, 'k 1')).toBe(
      'https://www.google.com/maps/embed/v1/place?key=k%201&q=place_id%3Aabc',
    );
  });
});
