// The app's own module, as the Nest CLI makes it: what a snippet that imports
// './app.module.js' gets when its page does not define one.
import { Module } from '@nestjs/common';
import { AppController } from './app.controller.js';
import { AppService } from './app.service.js';

@Module({ controllers: [AppController], providers: [AppService] })
export class AppModule {}
