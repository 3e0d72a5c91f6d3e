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
    return appConfigAnswer(this.config);
  }
}

/** The answer of GET /api/app-config; the server-rendered document carries the same (ADR 0090). */
export function appConfigAnswer(config: AppConfig): AppConfigResponse {
  return {
    version: APP_VERSION,
    envName: config.appEnvName,
    production: config.env === 'production',
    devMailbox: config.devMailbox,
    toggles: config.toggles,
    domains: config.domains,
    argentina: config.argentina,
    verificationResendMinutes: config.verificationResendMinutes,
    productName: config.productName,
    legalLinks: config.legalLinks,
  };
}
