import { Injectable, UseGuards, type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { Tool } from 'nestjs-mcp';
import { ApiKeyGuard } from './auth';

const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ user?: { id: string } }>().user,
);

/** Tools behind the app's REST guards. */
@Injectable()
export class AccountTools {
  @Tool({ description: 'Who the bearer token says you are' })
  @UseGuards(AuthGuard('jwt'))
  whoami(@CurrentUser() user: { id: string }) {
    return `user ${user.id}`;
  }

  @Tool({ description: 'Behind the API key' })
  @UseGuards(ApiKeyGuard)
  vault() {
    return 'the vault';
  }
}
