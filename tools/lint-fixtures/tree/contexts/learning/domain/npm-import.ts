// Breaks domain-npm-allow-list: a domain importing a framework from node_modules.
import { Injectable } from '@nestjs/common';

export const decorate = Injectable;
