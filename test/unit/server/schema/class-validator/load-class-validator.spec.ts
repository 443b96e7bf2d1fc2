import {
  loadClassValidator,
  missingPeerError,
} from '../../../../../lib/server/schema/class-validator/load-class-validator.js';

describe('loadClassValidator', () => {
  it('loads the three peers once, with the class-transformer metadata storage', async () => {
    const kit = await loadClassValidator('test');
    expect(typeof kit.validator.validate).toBe('function');
    expect(typeof kit.transformer.plainToInstance).toBe('function');
    expect(typeof kit.converter.targetConstructorToSchema).toBe('function');
    expect(typeof kit.transformerStorage?.findTypeMetadata).toBe('function');
    expect(await loadClassValidator('again')).toBe(kit);
  });

  it('names the missing package and the install command', () => {
    const error = Object.assign(
      new Error("Cannot find package 'class-validator-jsonschema' imported from /app/x.js"),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );
    expect(missingPeerError(error)?.message).toBe(
      'class-validator DTOs need the optional peer dependency "class-validator-jsonschema". ' +
        'Install them: npm install class-validator class-transformer class-validator-jsonschema',
    );
  });

  it('leaves other errors alone (a missing dependency of a peer is not the peer)', () => {
    const error = Object.assign(new Error("Cannot find module 'lodash.merge'"), {
      code: 'MODULE_NOT_FOUND',
    });
    expect(missingPeerError(error)).toBeUndefined();
    expect(missingPeerError(new TypeError('boom'))).toBeUndefined();
  });
});
