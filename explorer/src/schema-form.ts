// A form generated from a JSON Schema (tool input schemas, elicitation requests): objects as
// fieldsets, arrays as add/remove lists, enums as selects, defaults filled in, required marked.
// `read()` returns the value, leaving out optional fields left empty, or throws naming a field;
// `read(true)` is the best effort while the person types: what parses so far, nothing thrown.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
  default?: unknown;
  description?: string;
  title?: string;
};

/** A field of the form: its element and how to read its value (undefined: left empty). */
interface Field {
  element: HTMLElement;
  /** The value; `partial`: what can be read so far (missing or unparsable fields left out). */
  read(partial?: boolean): unknown;
}

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** Builds a form for an object schema; `read()` gives the arguments object. */
export function schemaForm(schema: object, idPrefix: string): Field {
  return objectField(schema as Schema, idPrefix, '');
}

function typeOf(schema: Schema): string {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  if (schema.properties) return 'object';
  if (schema.enum) return 'string';
  return 'json';
}

function field(schema: Schema, id: string, path: string): Field {
  switch (typeOf(schema)) {
    case 'object':
      return objectField(schema, id, path);
    case 'array':
      return arrayField(schema, id, path);
    case 'boolean':
      return booleanField(schema, id);
    case 'number':
    case 'integer':
      return numberField(schema, id, path, typeOf(schema) === 'integer');
    case 'string':
      return stringField(schema, id);
    default:
      return jsonField(schema, id, path);
  }
}

function objectField(schema: Schema, id: string, path: string): Field {
  const box = el('div', { className: 'fields' });
  const required = new Set(schema.required ?? []);
  const children: Array<[string, Field]> = [];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const childId = `${id}-${name}`;
    const child = field(sub, childId, path ? `${path}.${name}` : name);
    const label = el('label', { htmlFor: childId, className: 'field-label' }, sub.title ?? name);
    if (required.has(name))
      label.append(el('span', { className: 'required', title: 'required' }, ' *'));
    const row = el('div', { className: 'field' }, label, child.element);
    row.dataset.field = name;
    if (sub.description) row.append(el('div', { className: 'hint' }, sub.description));
    box.append(row);
    children.push([name, child]);
  }
  if (children.length === 0) box.append(el('div', { className: 'hint' }, 'No arguments.'));
  return {
    element: box,
    read(partial = false) {
      const value: Record<string, unknown> = {};
      for (const [name, child] of children) {
        const v = child.read(partial);
        if (v === undefined) {
          if (required.has(name) && !partial)
            throw new Error(`${path ? `${path}.` : ''}${name} is required`);
          continue;
        }
        value[name] = v;
      }
      return value;
    },
  };
}

function arrayField(schema: Schema, id: string, path: string): Field {
  const items: Field[] = [];
  const list = el('div', { className: 'array-items' });
  const itemSchema = schema.items ?? {};
  const add = (initial?: unknown) => {
    const index = items.length;
    const item = field(
      { ...itemSchema, default: initial ?? itemSchema.default },
      `${id}-${index}`,
      `${path}[${index}]`,
    );
    const remove = el('button', {
      type: 'button',
      className: 'small',
      textContent: '−',
      title: 'Remove',
    });
    const row = el('div', { className: 'array-item' }, item.element, remove);
    remove.onclick = () => {
      items.splice(items.indexOf(item), 1);
      row.remove();
    };
    items.push(item);
    list.append(row);
  };
  if (Array.isArray(schema.default)) schema.default.forEach((v) => add(v));
  const addButton = el('button', { type: 'button', className: 'small', textContent: '+ item', id });
  addButton.onclick = () => add();
  return {
    element: el('div', { className: 'array' }, list, addButton),
    read: (partial) => (items.length === 0 ? undefined : items.map((item) => item.read(partial))),
  };
}

function booleanField(schema: Schema, id: string): Field {
  const input = el('input', { type: 'checkbox', id, checked: schema.default === true });
  return { element: input, read: () => input.checked };
}

function numberField(schema: Schema, id: string, path: string, integer: boolean): Field {
  const input = el('input', { type: 'number', id, step: integer ? '1' : 'any' });
  if (typeof schema.default === 'number') input.value = String(schema.default);
  return {
    element: input,
    read(partial) {
      if (input.value.trim() === '') return undefined;
      const n = Number(input.value);
      if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) {
        if (partial) return undefined;
        throw new Error(`${path} must be ${integer ? 'an integer' : 'a number'}`);
      }
      return n;
    },
  };
}

function stringField(schema: Schema, id: string): Field {
  const options = schema.enum ?? schema.oneOf?.map((o) => o.const);
  if (options) {
    const select = el('select', { id });
    select.append(el('option', { value: '', textContent: '—' }));
    for (const option of options)
      select.append(el('option', { value: String(option), textContent: String(option) }));
    if (schema.default !== undefined) select.value = String(schema.default);
    return { element: select, read: () => (select.value === '' ? undefined : select.value) };
  }
  const input = el('input', { type: 'text', id });
  if (typeof schema.default === 'string') input.value = schema.default;
  return { element: input, read: () => (input.value === '' ? undefined : input.value) };
}

function jsonField(schema: Schema, id: string, path: string): Field {
  const area = el('textarea', { id, rows: 2, placeholder: 'JSON' });
  if (schema.default !== undefined) area.value = JSON.stringify(schema.default);
  return {
    element: area,
    read(partial) {
      if (area.value.trim() === '') return undefined;
      try {
        return JSON.parse(area.value);
      } catch {
        if (partial) return undefined;
        throw new Error(`${path} must be JSON`);
      }
    },
  };
}
