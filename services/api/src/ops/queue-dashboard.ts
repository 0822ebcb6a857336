import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, Response } from 'express';
import type { INestApplication } from '@nestjs/common';
import { QueueProducer } from '@platform/queues';
import { bearerToken } from '../feeds/read-body';
import { opsTokenMatches } from './ops-token';

export const QUEUE_DASHBOARD_PATH = '/ops/queues';

/** Basic auth (any user name, OPS_TOKEN as the password) so a browser can sign in; or a bearer token. */
function dashboardAuth(token: string | undefined) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const header = request.headers.authorization ?? '';
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    const password = basic
      ? Buffer.from(basic[1] ?? '', 'base64')
          .toString('utf8')
          .split(':')
          .slice(1)
          .join(':')
      : bearerToken(header);
    if (token && opsTokenMatches(token, password)) return next();
    response
      .status(token ? 401 : 503)
      .set('WWW-Authenticate', 'Basic realm="Queue dashboard", charset="UTF-8"')
      .type('application/problem+json')
      .send(
        JSON.stringify(
          token
            ? {
                type: 'about:blank',
                title: 'Ops token required',
                status: 401,
                detail: 'Sign in with any user name and OPS_TOKEN as the password.',
              }
            : {
                type: 'about:blank',
                title: 'Queue dashboard disabled',
                status: 503,
                detail: 'OPS_TOKEN is not set on the api.',
              },
        ),
      );
  };
}

/** Mounts Bull Board over every platform queue at /ops/queues, behind the ops token. */
export function mountQueueDashboard(app: INestApplication, opsToken: string | undefined): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  const producer = app.get(QueueProducer);
  createBullBoard({
    queues: producer.all().map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Platform queues' } },
  });
  app.use(QUEUE_DASHBOARD_PATH, dashboardAuth(opsToken), serverAdapter.getRouter());
}
