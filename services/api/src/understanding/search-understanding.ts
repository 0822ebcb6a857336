import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DateTime } from 'luxon';
import {
  budgetLoanOf,
  buildUnderstandingVocabulary,
  DEFAULT_ALERT_ZONE,
  searchRequestOf,
  SearchRequestSchema,
  suggestTerms,
  understandQuery,
  type SearchRequest,
  type TermSuggestion,
  type UnderstandingVocabulary,
  type UnderstoodPart,
} from '@platform/domain';
import type { SiteSettings } from '@platform/site-config';
import { PostcodeDirectory } from '../places/postcode-directory';
import { SiteSearch } from '../search/site-search.service';

/** How long a site's vocabulary is kept: new makes and models in the stock are understood within this. */
export const VOCABULARY_TTL_MS = 60_000;

/** A sentence as the site's search reads it: the request to run and the parts understood, for chips. */
export interface SentenceSearch {
  /** The search request's query (the words not understood), filters and ranges. */
  request: Pick<SearchRequest, 'filters' | 'ranges'> & { query?: string };
  parts: UnderstoodPart[];
}

/**
 * Reads a shopper's sentence with the site's own vocabulary (libs/domain understandQuery): the
 * makes, models, bodies, colours and features its stock has (from one search's facet counts), its
 * stock locations with the platform's postcode data for "near Werribee", and its finance calculator
 * for "under $150 a week". The vocabulary is built once a minute per site and process; a sentence
 * costs microseconds after that. Shared by the site search and the MCP endpoint.
 */
@Injectable()
export class SearchUnderstanding {
  private readonly vocabularies = new Map<number, { at: number; vocabulary: Promise<UnderstandingVocabulary> }>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly search: SiteSearch,
    private readonly postcodes: PostcodeDirectory,
  ) {}

  async understand(site: SiteSettings, sentence: string): Promise<SentenceSearch> {
    const understood = understandQuery(sentence, await this.vocabulary(site));
    return { request: searchRequestOf(understood), parts: understood.parts };
  }

  /** What the shopper's last, unfinished words may be: the site's own makes, models, bodies, features and places. */
  async suggest(site: SiteSettings, text: string): Promise<{ suggestions: TermSuggestion[] }> {
    return { suggestions: suggestTerms(await this.vocabulary(site), text) };
  }

  /** The site's vocabulary, built at most once a minute (a failed build is tried again next time). */
  vocabulary(site: SiteSettings): Promise<UnderstandingVocabulary> {
    const kept = this.vocabularies.get(site.id);
    if (kept && Date.now() - kept.at < VOCABULARY_TTL_MS) return kept.vocabulary;
    const vocabulary = this.build(site).catch((error: unknown) => {
      this.vocabularies.delete(site.id);
      throw error;
    });
    this.vocabularies.set(site.id, { at: Date.now(), vocabulary });
    return vocabulary;
  }

  private async build(site: SiteSettings): Promise<UnderstandingVocabulary> {
    const [{ value }, locations, places] = await Promise.all([
      this.search.search(site.scope, SearchRequestSchema.parse({ hitsPerPage: 1 })),
      this.db.query(
        `SELECT l.name, l.lat, l.long AS lng, l.time_zone FROM locations l JOIN dealerships d ON d.id = l.dealership_id
         WHERE d.site_id = $1 ORDER BY l."primary" DESC, l.id`,
        [site.id],
      ) as Promise<{ name: string; lat: number | null; lng: number | null; time_zone: string }[]>,
      this.postcodes.placePoints(),
    ]);
    const zone = locations[0]?.time_zone ?? DEFAULT_ALERT_ZONE;
    return buildUnderstandingVocabulary({
      facets: value.facets,
      locations: locations.map(({ name, lat, lng }) => ({ name, lat, lng })),
      places,
      loan: budgetLoanOf(site.config.finance),
      currentYear: DateTime.now().setZone(zone).year,
      usedLabel: site.config.wording.used_label,
    });
  }
}
