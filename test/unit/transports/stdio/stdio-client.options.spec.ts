import {
  buildStdioEnvironment,
  defaultStdioEnvironment,
} from '../../../../lib/transports/stdio/stdio-client.options.js';

describe('stdio client environment', () => {
  const source = {
    PATH: '/usr/bin',
    HOME: '/home/me',
    USER: 'me',
    SHELL: '() { evil; }',
    OPENAI_API_KEY: 'sk-secret',
    AWS_SECRET_ACCESS_KEY: 'secret',
  };

  it('inherits only a safe subset on POSIX, never exported shell functions', () => {
    expect(defaultStdioEnvironment(source, 'linux')).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/me',
      USER: 'me',
    });
  });

  it('uses the Windows list on win32', () => {
    const env = defaultStdioEnvironment(
      { ...source, SYSTEMROOT: 'C:\\Windows', APPDATA: 'x' },
      'win32',
    );
    expect(env).toEqual({ PATH: '/usr/bin', SYSTEMROOT: 'C:\\Windows', APPDATA: 'x' });
  });

  it('applies overrides over the defaults; undefined removes a variable', () => {
    const env = buildStdioEnvironment(
      { API_KEY: 'given', HOME: undefined, PATH: '/bin' },
      {
        PATH: '/usr/bin',
        HOME: '/home/me',
      },
    );
    expect(env).toEqual({ PATH: '/bin', API_KEY: 'given' });
  });
});
