'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { TEXT_SEARCH_DEBOUNCE_MS, type TermSuggestion } from '@platform/domain';
import { SENTENCE_PARAM } from '@/lib/search/sentence';
import styles from './sentence-box.module.css';

export interface SentenceBoxProps {
  siteSlug: string;
  /** The page's free text (the words its last sentence left over). */
  query: string;
  /** The page's address: the box shows the page's free text again after every search. */
  href: string;
  /** Where the form sends the sentence without JavaScript, with the page's filters as hidden fields. */
  action: string;
  fields: [string, string][];
  /** Searches the sentence (with JavaScript): the same address the form would submit. */
  onSearch: (sentence: string) => void;
  /** A pause in typing: the text searched as it stands, as free text (spec 000 §4's debounced search). */
  onType: (text: string) => void;
}

/** Suggestions worth a request: none for an empty box or a finished word. */
const wantsSuggestions = (text: string): boolean => /[\p{L}\p{N}]$/u.test(text);

/**
 * The search box: it takes a sentence ('white hilux under 50k diesel auto'), which the search page
 * reads as filters. Without JavaScript it is a plain GET form. With it, it is an ARIA 1.2 combobox:
 * a pause in typing (spec 000 §4's 300 ms) searches the words as free text, as the box always has,
 * and asks the site for words that complete the last one; arrow keys move through them, Enter or a
 * click puts one in the box, Escape closes the list, and Enter with no suggestion chosen reads the
 * whole sentence as filters.
 */
export function SentenceBox({ siteSlug, query, href, action, fields, onSearch, onType }: SentenceBoxProps) {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const [text, setText] = useState(query);
  const [options, setOptions] = useState<TermSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  // The text the last pause searched: its own page coming back must not overwrite what was typed since.
  const typed = useRef<string | null>(null);

  // After every other search (a sentence, a chip removed, a filter) the box holds that page's free text.
  const [shownFor, setShownFor] = useState(href);
  if (shownFor !== href) {
    setShownFor(href);
    // The page a pause searched is the shopper still typing: their text and suggestions stay.
    if (query !== typed.current) {
      setText(query);
      setOpen(false);
    }
  }

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function close() {
    clearTimeout(timer.current);
    request.current?.abort();
    setOpen(false);
    setActive(-1);
  }

  async function suggest(value: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const response = await fetch(
        `/api/sites/${encodeURIComponent(siteSlug)}/search/suggest?${SENTENCE_PARAM}=${encodeURIComponent(value)}`,
        { signal: controller.signal },
      );
      if (!response.ok) return close();
      const { suggestions } = (await response.json()) as { suggestions: TermSuggestion[] };
      setOptions(suggestions);
      setActive(-1);
      setOpen(suggestions.length > 0);
    } catch {
      // Aborted by the next keystroke, or offline: the box works as a plain search box.
    }
  }

  function choose(option: TermSuggestion) {
    close();
    setText(`${option.completion} `);
  }

  return (
    <form
      role="search"
      className={styles.form}
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        close();
        typed.current = null;
        onSearch(text);
      }}
    >
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputId} className="visually-hidden">
        Search stock
      </label>
      <div className={styles.field}>
        <input
          id={inputId}
          type="search"
          name={SENTENCE_PARAM}
          className={styles.input}
          placeholder="Make, model, price, colour…"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            clearTimeout(timer.current);
            // A pause searches the words as typed (free text, spec 000 §4) and asks for completions;
            // Enter or Search reads the whole sentence as filters.
            timer.current = setTimeout(() => {
              typed.current = value.trim();
              onType(value);
              if (wantsSuggestions(value)) void suggest(value);
            }, TEXT_SEARCH_DEBOUNCE_MS);
            if (!wantsSuggestions(value)) setOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              if (options.length === 0) return;
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : -1;
              if (!open) {
                setOpen(true);
                setActive(step === 1 ? 0 : options.length - 1);
              } else {
                setActive((current) => (current + step + options.length) % options.length);
              }
            } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
              event.preventDefault();
              choose(options[active]);
            } else if (event.key === 'Escape' && open) {
              event.preventDefault();
              close();
            } else if (event.key === 'Tab') {
              close();
            }
          }}
          onBlur={close}
        />
        <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.list} hidden={!open}>
          {options.map((option, index) => (
            <li
              key={`${option.kind}:${option.label}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Keeps the focus in the box, so choosing does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className={`button button-primary ${styles.submit}`}>
        Search
      </button>
      <p role="status" className="visually-hidden">
        {open ? `${options.length} suggestion${options.length === 1 ? '' : 's'}, arrow keys to choose` : ''}
      </p>
    </form>
  );
}
