// The app's own service, as the Nest CLI makes it: docs pages keep it in their app.module.
import { Injectable } from '@nestjs/common';

@Injectable()
export class AppService {
  getHello(): string {
    return 'Hello World!';
  }
}
