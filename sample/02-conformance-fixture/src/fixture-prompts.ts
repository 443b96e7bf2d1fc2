import { Injectable } from '@nestjs/common';
import { embeddedResource, image, Prompt, text } from '../../../lib/index.js';
import { TEST_IMAGE_BASE64 } from './fixture-constants.js';

/** Candidate values offered by `completion/complete` for `test_prompt_with_arguments`. */
const ARGUMENT_SUGGESTIONS = ['test', 'testValue1', 'testValue2'];

/** The conformance fixture's prompts (§5.5). */
@Injectable()
export class FixturePrompts {
  /** One fixed user message. */
  @Prompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' })
  simplePrompt() {
    return [{ role: 'user', content: text('This is a simple prompt for testing.') }];
  }

  /** One user message with both arguments substituted; `arg1`/`arg2` can be completed. */
  @Prompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    complete: {
      arg1: (value) => ARGUMENT_SUGGESTIONS.filter((s) => s.startsWith(value)),
      arg2: (value) => ARGUMENT_SUGGESTIONS.filter((s) => s.startsWith(value)),
    },
  })
  promptWithArguments({ arg1, arg2 }: { arg1: string; arg2: string }) {
    return [
      { role: 'user', content: text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`) },
    ];
  }

  /** An embedded text resource at the given URI, then an instruction. */
  @Prompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that includes an embedded resource',
    arguments: [
      { name: 'resourceUri', description: 'URI of the resource to embed', required: true },
    ],
  })
  promptWithEmbeddedResource({ resourceUri }: { resourceUri: string }) {
    return [
      {
        role: 'user',
        content: embeddedResource({
          uri: resourceUri,
          mimeType: 'text/plain',
          text: 'Embedded resource content for testing.',
        }),
      },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ];
  }

  /** A PNG image, then an instruction. */
  @Prompt({ name: 'test_prompt_with_image', description: 'A prompt that includes an image' })
  promptWithImage() {
    return [
      { role: 'user', content: image(TEST_IMAGE_BASE64, 'image/png') },
      { role: 'user', content: text('Please analyze the image above.') },
    ];
  }
}
