import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { toMcpError } from '../../../../lib/server/errors/to-mcp-error.js';

describe('toMcpError for HTTP exceptions', () => {
  it("joins a ValidationPipe's list of failed constraints, which names the fields", () => {
    const error = new BadRequestException([
      'name must be a string',
      'age must be an integer number',
    ]);
    expect(error.message).toBe('Bad Request Exception');
    expect(toMcpError(error)).toMatchObject({
      code: -32602,
      message: 'name must be a string; age must be an integer number',
    });
  });

  it('keeps the message of other HTTP exceptions', () => {
    expect(toMcpError(new NotFoundException('user 4 not found'))?.message).toBe('user 4 not found');
    expect(toMcpError(new ForbiddenException())).toMatchObject({
      code: -32600,
      message: 'Forbidden',
    });
    expect(toMcpError(new BadRequestException({ message: [1, 2] }))?.message).toBe(
      'Bad Request Exception',
    );
  });
});
