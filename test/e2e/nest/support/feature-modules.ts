import { Injectable, Module } from '@nestjs/common';
import { z } from 'zod';
import { Prompt, Tool } from '../../../../lib/index.js';

/** Weather tools (one feature module). */
@Injectable()
export class WeatherTools {
  @Tool({ description: 'Forecast for a city', inputSchema: { city: z.string() } })
  forecast({ city }: { city: string }) {
    return `sunny in ${city}`;
  }

  @Prompt({ description: 'Asks about the weather' })
  weather_prompt() {
    return 'How is the weather?';
  }
}

/** The weather feature. */
@Module({ providers: [WeatherTools] })
export class WeatherModule {}

/** Billing tools (another feature module). */
@Injectable()
export class BillingTools {
  @Tool({ description: 'Creates an invoice', inputSchema: { amount: z.number() } })
  invoice({ amount }: { amount: number }) {
    return `invoice for ${amount}`;
  }

  @Tool({ description: 'Refunds an invoice' })
  refund() {
    return 'refunded';
  }
}

/** The billing feature. */
@Module({ providers: [BillingTools] })
export class BillingModule {}
