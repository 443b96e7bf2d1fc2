import { isMissingPackage } from '../../../engine/missing-package.js';

type ClassValidator = typeof import('class-validator');
type ClassTransformer = typeof import('class-transformer');
type JsonSchemaConverter = typeof import('class-validator-jsonschema');

/** The class-transformer metadata storage (`@Type`, `@Exclude`, `@Expose`), as the converter reads it. */
type TransformerStorage = NonNullable<
  Parameters<JsonSchemaConverter['targetConstructorToSchema']>[1]
>['classTransformerMetadataStorage'];

/**
 * The optional peers behind class-validator DTOs, loaded together: `class-validator` (validation),
 * `class-transformer` (plain object to DTO instance, `@Type` of nested DTOs) and
 * `class-validator-jsonschema` (DTO to JSON Schema).
 */
export interface ClassValidatorKit {
  readonly validator: ClassValidator;
  readonly transformer: ClassTransformer;
  readonly converter: JsonSchemaConverter;
  readonly transformerStorage: TransformerStorage;
}

const PEERS = ['class-validator', 'class-transformer', 'class-validator-jsonschema'] as const;
// A variable specifier: the storage module has no typings of its own (it is typed above).
const TRANSFORMER_STORAGE: string = 'class-transformer/cjs/storage.js';

let loaded: Promise<ClassValidatorKit> | undefined;

/**
 * Loads the optional peers of class-validator DTOs on first use (an app without DTO tools never
 * needs them installed); the ESM build imports them, the CommonJS build requires them, and both
 * meet the app's own copies (class-validator keeps its metadata in a global store).
 * @param feature what needs them, for the error (`UsersController#create`)
 * @throws Error naming the packages to install when one is missing.
 */
export function loadClassValidator(feature: string): Promise<ClassValidatorKit> {
  loaded ??= Promise.all([
    import('class-validator'),
    import('class-transformer'),
    import('class-validator-jsonschema'),
    import(TRANSFORMER_STORAGE) as Promise<{ defaultMetadataStorage: TransformerStorage }>,
  ]).then(
    ([validator, transformer, converter, storage]) => ({
      validator,
      transformer,
      converter,
      transformerStorage: storage.defaultMetadataStorage,
    }),
    (error: unknown) => {
      loaded = undefined;
      throw missingPeerError(error) ?? error;
    },
  );
  return loaded.catch((error: unknown) => {
    throw new Error(`${feature}: ${(error as Error).message}`, { cause: error });
  });
}

/** The install hint for a missing peer of class-validator DTOs; undefined for any other error. */
export function missingPeerError(error: unknown): Error | undefined {
  const missing = PEERS.find((name) => isMissingPackage(error, name));
  if (!missing) return undefined;
  return new Error(
    `class-validator DTOs need the optional peer dependency "${missing}". Install them: ` +
      `npm install ${PEERS.join(' ')}`,
    { cause: error },
  );
}
