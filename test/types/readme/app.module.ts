import { Module } from '@nestjs/common';

/** The app module README snippets import from `./app.module`. */
@Module({})
export class AppModule {}
