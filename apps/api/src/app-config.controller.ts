import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, Public, type AppConfig } from '@portal/platform';
import type { AppConfigResponse } from '@portal/identity/contracts';
import { APP_VERSION } from './version.js';

/** Public settings the SPA reads before sign-in: guards, branding rules, feature toggles. */
@Controller()
export class AppConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('app-config')
  @Public()
  get(): AppConfigResponse {
    return {
      version: APP_VERSION,
      envName: this.config.appEnvName,
      production: this.config.env === 'production',
      devMailbox: this.config.devMailbox,
      toggles: this.config.toggles,
      domains: this.config.domains,
      argentina: this.config.argentina,
      verificationResendMinutes: this.config.verificationResendMinutes,
      productName: this.config.productName,
      legalLinks: this.config.legalLinks,
    };
  }
}
