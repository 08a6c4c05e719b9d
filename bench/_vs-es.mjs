import v8 from 'node:v8'; import vm from 'node:vm';
import { createParser } from 'eventsource-parser';
import { buildStream } from './streams.mjs';
v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc');
const ours = await import(new URL('../dist/index.js', import.meta.url).href);
const [name, mb = '10', rounds = '10'] = process.argv.slice(2);
const stream = buildStream(name, Number(mb));
function es(chunks){const p=createParser({onEvent(e){if(e.data!=='[DONE]')JSON.parse(e.data);}});const u=new TextDecoder();for(const c of chunks)p.feed(u.decode(c,{stream:true}));p.feed(u.decode());}
const rate=(t)=>stream.bytes.length/1e6/((performance.now()-t)/1000);
const r=[]; const a=[]; const b=[];
for (let i=0;i<Number(rounds);i++){ gc(); let t=performance.now(); es(stream.chunks); const x=rate(t); gc(); t=performance.now(); ours.reconstruct(stream.chunks, stream.spec.readerOptions??{}); const y=rate(t); if(i>=2){a.push(x);b.push(y);r.push(y/x);} }
const med=(v)=>[...v].sort((p,q)=>p-q)[Math.floor(v.length/2)];
console.log(name, mb, 'MB: es', med(a).toFixed(0), 'ours', med(b).toFixed(0), 'median ratio', med(r).toFixed(2), 'range', Math.min(...r).toFixed(2), '-', Math.max(...r).toFixed(2));
