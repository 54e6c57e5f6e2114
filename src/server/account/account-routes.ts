import { Hono } from 'hono';
import type { Services } from '../services';

export function accountRoutes(services: Services) {
  void services;
  return new Hono();
}
