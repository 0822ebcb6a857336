export * from './sniff/sniff-photo';
