import { S3ServiceException } from '@aws-sdk/client-s3';
import { asStoreFailure, InvalidMediaKey, MediaStoreFailed, storeFailureCode } from './media-store';

const errno = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });
const s3 = (name: string, status: number) =>
  new S3ServiceException({
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
    message: name,
  });

describe('what a store call threw, named', () => {
  it.each([
    [errno('ENOSPC', 'no space left on device, write'), 'ENOSPC'],
    [errno('EIO', 'i/o error, write'), 'EIO'],
    [errno('EDQUOT', 'disk quota exceeded'), 'EDQUOT'],
    [errno('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:9000'), 'ECONNREFUSED'],
    [s3('SlowDown', 503), 'SlowDown'],
    [s3('ServiceUnavailable', 503), 'ServiceUnavailable'],
    [s3('InternalError', 500), 'InternalError'],
    [s3('S3ServiceException', 502), 's3-502'],
    [new Error('something else'), 'error'],
    ['not even an error', 'error'],
  ])('%s is %s', (error, code) => {
    expect(storeFailureCode(error)).toBe(code);
  });

  it('makes every store failure the platform’s own (MediaStoreFailed), and leaves a key the platform did not name as the bug it is', () => {
    const failure = asStoreFailure(errno('ENOSPC', 'no space left on device, write'));
    expect(failure).toBeInstanceOf(MediaStoreFailed);
    expect(failure).toMatchObject({
      code: 'ENOSPC',
      message: expect.stringMatching(/^The media store failed \(ENOSPC\)/),
    });
    const bug = new InvalidMediaKey('Not a media key');
    expect(asStoreFailure(bug)).toBe(bug);
  });
});
