'use client';

/**
 * SchemaForm: a form for a configuration layer drawn from the layer's JSON Schema, so a setting
 * is editable the day it is added to SiteConfigSchema (issue 52).
 *
 *   <SchemaForm
 *     schema={siteConfigFormSchema('dealer')}   // or 'full' for operators
 *     value={layer}                              // the layer being edited: only the fields it sets
 *     onChange={setLayer}                        // a new layer on every edit; never mutates `value`
 *     problems={problemsByPath(serverProblems)}  // layerProblems' answer, shown under each field
 *     inherited={resolvedBelow}                  // optional: configuration beneath this layer
 *   />
 *
 * Labels and help text are the schema's titles and descriptions. Fields the editor never touches
 * stay absent from the layer (a group left untouched is not emitted), and "Reset" takes a field
 * back out so the layer below shows through. `inherited` fills placeholders and lets the primary
 * colours show their live WCAG contrast. The form holds no state of its own: save, preview and
 * publish belong to the page around it.
 */

import { useId, useState, type ReactNode } from 'react';
import { primaryContrast, pickerValue } from '@/lib/site-editor/colour';
import {
  freshKey,
  getAt,
  moveItem,
  removeItem,
  renameKey,
  setLayerValue,
  type Path,
} from '@/lib/site-editor/layer-value';
import { fieldId, pathKey, type ProblemsByPath } from '@/lib/site-editor/problems';
import {
  emptyValue,
  fieldKind,
  itemNoun,
  variantIndex,
  variantLabel,
  type SchemaNode,
} from '@/lib/site-editor/schema-node';
import styles from './schema-form.module.css';

export type { SchemaNode } from '@/lib/site-editor/schema-node';
export type { ProblemsByPath } from '@/lib/site-editor/problems';
export { problemsByPath } from '@/lib/site-editor/problems';

export interface SchemaFormProps {
  schema: SchemaNode;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  problems?: ProblemsByPath;
  inherited?: unknown;
  disabled?: boolean;
  /** Uploads an image through the platform (its media pipeline) for an image field; absent: addresses only. */
  uploadImage?: UploadImage;
}

/** The page's upload: the file in a form (field `image`), answered with the stored image's address or why not. */
export type UploadImage = (form: FormData) => Promise<{ ok: true; url: string } | { ok: false; message: string }>;

interface Context {
  formId: string;
  layer: Record<string, unknown>;
  inherited: unknown;
  problems: ProblemsByPath;
  disabled: boolean;
  uploadImage?: UploadImage;
  set: (path: Path, value: unknown) => void;
}

export function SchemaForm({
  schema,
  value,
  onChange,
  problems = {},
  inherited,
  disabled = false,
  uploadImage,
}: SchemaFormProps) {
  const formId = useId().replace(/:/g, '');
  const ctx: Context = {
    formId,
    layer: value,
    inherited,
    problems,
    disabled,
    uploadImage,
    set: (path, next) => onChange(setLayerValue(value, path, next)),
  };
  return (
    <div className={styles.form}>
      <Problems ctx={ctx} path={[]} />
      <Properties node={schema} path={[]} value={value} ctx={ctx} />
    </div>
  );
}

function Problems({ ctx, path }: { ctx: Context; path: Path }) {
  const messages = ctx.problems[pathKey(path)] ?? [];
  if (messages.length === 0) return null;
  return (
    <ul className={styles.problems} id={`${fieldId(ctx.formId, path)}-problems`} role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** The ids an input is described by: its help text and its problems, when it has them. */
function describedBy(ctx: Context, path: Path, node: SchemaNode): string | undefined {
  const id = fieldId(ctx.formId, path);
  const ids = [node.description ? `${id}-help` : null, ctx.problems[pathKey(path)]?.length ? `${id}-problems` : null];
  return ids.filter(Boolean).join(' ') || undefined;
}

function invalid(ctx: Context, path: Path): true | undefined {
  return ctx.problems[pathKey(path)]?.length ? true : undefined;
}

function Help({ ctx, path, node }: { ctx: Context; path: Path; node: SchemaNode }) {
  return node.description ? (
    <p className={styles.help} id={`${fieldId(ctx.formId, path)}-help`}>
      {node.description}
    </p>
  ) : null;
}

function Properties({ node, path, value, ctx }: { node: SchemaNode; path: Path; value: unknown; ctx: Context }) {
  const required = new Set(node.required ?? []);
  return (
    <>
      {Object.entries(node.properties ?? {}).map(([name, child]) => (
        <Field
          key={name}
          node={child}
          path={[...path, name]}
          value={getAt(value, [name])}
          optional={!required.has(name)}
          ctx={ctx}
        />
      ))}
    </>
  );
}

interface FieldProps {
  node: SchemaNode;
  path: Path;
  value: unknown;
  /** The field may be absent: it gets a Reset that takes it out of the layer. */
  optional: boolean;
  ctx: Context;
  /** The label when the schema gives none (list entries: "Slide 2"). */
  label?: string;
}

function Field(props: FieldProps) {
  const { node, path, value, optional, ctx } = props;
  const title = node.title ?? props.label ?? String(path.at(-1) ?? '');
  const reset =
    optional && value !== undefined ? (
      <button
        type="button"
        className={styles.linkButton}
        aria-label={`Reset ${title}`}
        disabled={ctx.disabled}
        onClick={() => ctx.set(path, undefined)}
      >
        Reset
      </button>
    ) : null;
  const kind = fieldKind(node);
  switch (kind.kind) {
    case 'object':
      return (
        <Group node={node} title={title} path={path} ctx={ctx} reset={reset}>
          <Properties node={node} path={path} value={value} ctx={ctx} />
        </Group>
      );
    case 'record':
      return (
        <Group node={node} title={title} path={path} ctx={ctx} reset={reset}>
          <RecordRows values={kind.values} title={title} path={path} value={value} ctx={ctx} />
        </Group>
      );
    case 'array':
      return (
        <Group node={node} title={title} path={path} ctx={ctx} reset={reset}>
          <List node={node} items={kind.items} title={title} path={path} value={value} ctx={ctx} />
        </Group>
      );
    case 'nullable':
      return <Nullable {...props} inner={kind.inner} title={title} reset={reset} />;
    case 'union':
      return <Union {...props} variants={kind.variants} title={title} reset={reset} />;
    default:
      return <Scalar {...props} title={title} reset={reset} />;
  }
}

function Group(props: {
  node: SchemaNode;
  title: string;
  path: Path;
  ctx: Context;
  reset: ReactNode;
  children: ReactNode;
}) {
  const { node, title, path, ctx } = props;
  const titleId = `${fieldId(ctx.formId, path)}-title`;
  // Named by its title alone: the Reset button sits in the legend but is not part of the group's name.
  return (
    <fieldset
      className={styles.group}
      aria-labelledby={titleId}
      aria-describedby={describedBy(ctx, path, node)}
      aria-invalid={invalid(ctx, path)}
    >
      <legend className={styles.legend}>
        <span id={titleId}>{title}</span>
        {props.reset ? <> {props.reset}</> : null}
      </legend>
      <Help ctx={ctx} path={path} node={node} />
      <Problems ctx={ctx} path={path} />
      {props.children}
    </fieldset>
  );
}

function List(props: { node: SchemaNode; items: SchemaNode; title: string; path: Path; value: unknown; ctx: Context }) {
  const { node, items, path, ctx } = props;
  const list = Array.isArray(props.value) ? props.value : [];
  const noun = itemNoun(node);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {list.length > 0 ? (
        <ol className={styles.list}>
          {list.map((item, index) => (
            <li key={index} className={styles.item}>
              <Field
                node={items}
                path={[...path, index]}
                value={item}
                optional={false}
                ctx={ctx}
                label={`${Noun} ${index + 1}`}
              />
              <div className={styles.itemActions}>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={`Move ${noun} ${index + 1} up`}
                  disabled={ctx.disabled || index === 0}
                  onClick={() => ctx.set(path, moveItem(list, index, index - 1))}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={`Move ${noun} ${index + 1} down`}
                  disabled={ctx.disabled || index === list.length - 1}
                  onClick={() => ctx.set(path, moveItem(list, index, index + 1))}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className={styles.danger}
                  aria-label={`Remove ${noun} ${index + 1}`}
                  disabled={ctx.disabled}
                  onClick={() => ctx.set(path, removeItem(list, index))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>{props.value === undefined ? 'Not set in this layer.' : 'None.'}</p>
      )}
      <button
        type="button"
        className={styles.button}
        disabled={ctx.disabled}
        onClick={() => ctx.set(path, [...list, emptyValue(items)])}
      >
        Add {noun}
      </button>
    </>
  );
}

function RecordRows(props: { values: SchemaNode; title: string; path: Path; value: unknown; ctx: Context }) {
  const { values, title, path, ctx } = props;
  const record = (typeof props.value === 'object' && props.value !== null ? props.value : {}) as Record<
    string,
    unknown
  >;
  return (
    <>
      <ul className={styles.list}>
        {Object.entries(record).map(([key, item], index) => {
          const keyId = `${fieldId(ctx.formId, path)}-key-${index}`;
          return (
            <li key={index} className={styles.row}>
              <label className={styles.label} htmlFor={keyId}>
                Key {index + 1}
              </label>
              <input
                id={keyId}
                className={styles.input}
                value={key}
                disabled={ctx.disabled}
                onChange={(event) => ctx.set(path, renameKey(record, key, event.target.value))}
              />
              <Field
                node={values}
                path={[...path, key]}
                value={item}
                optional={false}
                ctx={ctx}
                label={`Value of ${key}`}
              />
              <button
                type="button"
                className={styles.danger}
                aria-label={`Remove ${key} from ${title}`}
                disabled={ctx.disabled}
                onClick={() => ctx.set([...path, key], undefined)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={styles.button}
        disabled={ctx.disabled}
        onClick={() => ctx.set([...path, freshKey(record)], emptyValue(values))}
      >
        Add to {title}
      </button>
    </>
  );
}

function Nullable(props: FieldProps & { inner: SchemaNode; title: string; reset: ReactNode }) {
  const { inner, title, path, value, ctx } = props;
  const id = `${fieldId(ctx.formId, path)}-null`;
  const isNull = value === null;
  return (
    <div className={styles.nullable}>
      <div className={styles.toggle}>
        <input
          id={id}
          type="checkbox"
          checked={isNull}
          disabled={ctx.disabled}
          aria-describedby={describedBy(ctx, path, inner)}
          onChange={(event) => ctx.set(path, event.target.checked ? null : emptyValue(inner))}
        />
        <label htmlFor={id}>{title}: not set</label>
        {props.reset}
      </div>
      {isNull ? (
        <>
          <Help ctx={ctx} path={path} node={inner} />
          <Problems ctx={ctx} path={path} />
        </>
      ) : (
        <Field {...props} node={inner} optional={false} />
      )}
    </div>
  );
}

function Union(props: FieldProps & { variants: SchemaNode[]; title: string; reset: ReactNode }) {
  const { variants, title, path, value, ctx } = props;
  const chosen = variantIndex(variants, value);
  const id = `${fieldId(ctx.formId, path)}-variant`;
  return (
    <div className={styles.union}>
      <label className={styles.label} htmlFor={id}>
        {title}: kind
      </label>
      <select
        id={id}
        className={styles.select}
        value={chosen}
        disabled={ctx.disabled}
        onChange={(event) => ctx.set(path, emptyValue(variants[Number(event.target.value)]!))}
      >
        {variants.map((variant, index) => (
          <option key={index} value={index}>
            {variantLabel(variant, index)}
          </option>
        ))}
      </select>
      <Field
        {...props}
        node={{ ...variants[chosen]!, title: props.node.title, description: props.node.description }}
        optional={props.optional}
      />
    </div>
  );
}

/** One input: text, long text, select, checkbox, number, date or colour. */
function Scalar(props: FieldProps & { title: string; reset: ReactNode }) {
  const { node, path, value, ctx, title } = props;
  const kind = fieldKind(node);
  const id = fieldId(ctx.formId, path);
  const inherited = getAt(ctx.inherited, path);
  const common = {
    id,
    disabled: ctx.disabled,
    'aria-describedby': describedBy(ctx, path, node),
    'aria-invalid': invalid(ctx, path),
  };
  const placeholder = typeof inherited === 'string' || typeof inherited === 'number' ? String(inherited) : undefined;
  let control: ReactNode;
  switch (kind.kind) {
    case 'boolean':
      control = (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => ctx.set(path, event.target.checked)}
        />
      );
      break;
    case 'enum':
      control = (
        <select
          {...common}
          className={styles.select}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => ctx.set(path, event.target.value)}
        >
          {value === undefined ? (
            <option value="" disabled>
              {placeholder ? `Inherited: ${placeholder}` : 'Not set in this layer'}
            </option>
          ) : null}
          {kind.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      control = (
        <input
          {...common}
          className={styles.input}
          type="number"
          min={kind.min}
          max={kind.max}
          step={kind.step}
          placeholder={placeholder}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => ctx.set(path, event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
      break;
    case 'colour':
      control = <ColourInput {...props} common={common} placeholder={placeholder} />;
      break;
    case 'date':
      control = (
        <input
          {...common}
          className={styles.input}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => ctx.set(path, event.target.value)}
        />
      );
      break;
    case 'text': {
      const text = {
        ...common,
        className: styles.input,
        value: typeof value === 'string' ? value : '',
        placeholder,
        maxLength: node.maxLength,
        onChange: (event: { target: { value: string } }) => ctx.set(path, event.target.value),
      };
      control = kind.multiline ? <textarea {...text} rows={4} /> : <input {...text} type="text" />;
      if (kind.image && ctx.uploadImage)
        control = (
          <>
            {control}
            <ImageUpload
              title={title}
              upload={ctx.uploadImage}
              disabled={ctx.disabled}
              onUploaded={(url) => ctx.set(path, url)}
            />
          </>
        );
      break;
    }
    default:
      control = <p className={styles.empty}>This setting cannot be edited here yet.</p>;
  }
  const checkbox = kind.kind === 'boolean';
  return (
    <div className={checkbox ? styles.toggle : styles.field}>
      {checkbox ? control : null}
      <label className={styles.label} htmlFor={id}>
        {title}
      </label>
      {props.reset}
      {checkbox ? null : control}
      <Help ctx={ctx} path={path} node={node} />
      <Problems ctx={ctx} path={path} />
    </div>
  );
}

/** A file picker beside an image's address: the stored image's address replaces the text when the upload is done. */
function ImageUpload(props: {
  title: string;
  upload: UploadImage;
  disabled: boolean;
  onUploaded: (url: string) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  return (
    <span className={styles.upload}>
      <label>
        Upload {props.title.toLowerCase()} (JPEG, PNG or WebP, up to 10 MB)
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={props.disabled || state.busy}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setState({ busy: true, message: 'Uploading…' });
            const form = new FormData();
            form.set('image', file);
            const answer = await props.upload(form);
            if (answer.ok) props.onUploaded(answer.url);
            setState({ busy: false, message: answer.ok ? 'Uploaded.' : answer.message });
            event.target.value = '';
          }}
        />
      </label>
      <span role="status">{state.message}</span>
    </span>
  );
}

function ColourInput(
  props: FieldProps & { title: string; common: Record<string, unknown>; placeholder: string | undefined },
) {
  const { path, value, ctx, title, common } = props;
  const contrast = primaryContrast(path, ctx.layer, ctx.inherited);
  return (
    <div className={styles.colour}>
      <input
        type="color"
        className={styles.swatch}
        aria-label={`${title} picker`}
        disabled={ctx.disabled}
        value={pickerValue(value ?? props.placeholder)}
        onChange={(event) => ctx.set(path, event.target.value)}
      />
      <input
        {...common}
        className={styles.input}
        type="text"
        inputMode="text"
        spellCheck={false}
        placeholder={props.placeholder ?? '#1a2b3c'}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => ctx.set(path, event.target.value)}
      />
      {contrast ? (
        <p className={contrast.passes ? styles.pass : styles.fail} aria-live="polite">
          {contrast.message}
        </p>
      ) : null}
    </div>
  );
}
