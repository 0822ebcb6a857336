'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { NavItem } from '@platform/domain';
import { isExternalHref } from '@/lib/routes';
import styles from './nav-menu.module.css';

/**
 * Header navigation. Items with children follow the disclosure navigation pattern: the label stays
 * a link, and a button beside it (aria-expanded, aria-controls) shows the child links. Enter or
 * Space toggles, Escape closes and returns focus to the button, and moving focus or clicking
 * elsewhere closes it. Without JavaScript every top-level link still works.
 */
export function NavMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!listRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.key !== 'Escape' || open !== index) return;
    event.preventDefault();
    setOpen(null);
    event.currentTarget.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus();
  }

  function onBlur(event: FocusEvent<HTMLLIElement>, index: number) {
    if (open === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
  }

  return (
    <ul className={styles.menu} ref={listRef}>
      {items.map((item, index) => {
        const children = item.children ?? [];
        if (children.length === 0) {
          return (
            <li key={`${item.label}-${index}`} className={styles.item}>
              <NavLink href={item.href} className={styles.link}>
                {item.label}
              </NavLink>
            </li>
          );
        }
        const submenuId = `${baseId}-submenu-${index}`;
        const expanded = open === index;
        return (
          <li
            key={`${item.label}-${index}`}
            className={`${styles.item} ${styles.hasSubmenu}`}
            onKeyDown={(event) => onKeyDown(event, index)}
            onBlur={(event) => onBlur(event, index)}
          >
            <NavLink href={item.href} className={styles.link}>
              {item.label}
            </NavLink>
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={expanded}
              aria-controls={submenuId}
              aria-label={`${item.label} menu`}
              onClick={() => setOpen(expanded ? null : index)}
            >
              <span aria-hidden="true" className={styles.chevron} />
            </button>
            <ul id={submenuId} className={styles.submenu} hidden={!expanded}>
              {children.map((child) => (
                <li key={`${child.label}-${child.href}`}>
                  <NavLink href={child.href} className={styles.sublink} onNavigate={() => setOpen(null)}>
                    {child.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function NavLink({
  href,
  className,
  children,
  onNavigate,
}: {
  href: string;
  className: string;
  children: string;
  onNavigate?: () => void;
}) {
  if (isExternalHref(href)) {
    return (
      <a href={href} className={className} onClick={onNavigate}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} prefetch={false} onClick={onNavigate}>
      {children}
    </Link>
  );
}
