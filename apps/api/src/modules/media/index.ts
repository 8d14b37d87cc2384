/** The media module's door: staff uploads, the storage they go through, and the sharp pipeline the seed shares. */
export { mediaRoutes, type MediaRoutesOptions } from './media.routes.js';
export { DiskMediaStorage, type MediaStorage } from './storage.js';
export { S3MediaStorage, type S3MediaConfig } from './storage-s3.js';
export { mediaStorageFor } from './storage-for.js';
export { ENCODING, MOBILE_BOX, encodeImage, mobileSize, rasterise, type EncodedImage, type Pixels } from './convert.js';
export { sniffFormat, storeUpload, type MediaCtx } from './upload.js';
