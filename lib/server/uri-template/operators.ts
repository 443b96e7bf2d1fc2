import type { Operator } from './parse.js';

/** Expansion behaviour of one operator (RFC 6570 Appendix A table). */
export interface OperatorSpec {
  /** Text emitted before the first defined variable. */
  readonly first: string;
  /** Separator between variables and exploded items. */
  readonly sep: string;
  /** Whether values are emitted as `name=value` pairs. */
  readonly named: boolean;
  /** Suffix after the name when a named value is empty. */
  readonly ifemp: string;
  /** Whether reserved characters and pct-encoded triplets pass through unencoded. */
  readonly allowReserved: boolean;
}

/** Operator table, keyed by operator character (`''` = simple expansion). */
export const OPERATORS: Readonly<Record<Operator, OperatorSpec>> = {
  '': { first: '', sep: ',', named: false, ifemp: '', allowReserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', allowReserved: true },
  '#': { first: '#', sep: ',', named: false, ifemp: '', allowReserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', allowReserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', allowReserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', allowReserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', allowReserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', allowReserved: false },
};
